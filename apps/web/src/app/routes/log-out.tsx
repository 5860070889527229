import { maskPhone } from '@sales/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd-mobile';
import { routeUrl } from '../../config/paths';
import { useCheckCode } from '../../features/account/api/check-code';
import { useDeleteAccount } from '../../features/account/api/delete-account';
import { markDeregistered } from '../../features/account/deregistered-notice';
import { CodeField } from '../../features/account/components/code-field';
import { sendCodeToOwnPhone } from '../../features/auth/api/send-code';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';
import { Dialog } from '../../lib/antd-imperative';

/** 注销账号: what deletion means, a code to the own phone, a final confirmation → deregister. */
export default function LogOutPage() {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  const [form] = Form.useForm<{ code: string }>();
  const check = useCheckCode();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const busy = check.isPending || remove.isPending;

  const submit = async ({ code }: { code: string }) => {
    const confirmed = await Dialog.confirm({
      title: '确认注销账号？',
      content: '注销后无法恢复，您将无法再登录本账号。',
      confirmText: '确认注销',
      cancelText: '再想想',
    });
    if (!confirmed) return;
    try {
      const { ticket } = await check.mutateAsync({ scene: 'deregister', code: code.trim() });
      await remove.mutateAsync({ ticket });
    } catch {
      // The request layer has shown why; the code stays for another try.
      return;
    }
    // The deregister page ends the local session: cleared here, the login guard of this page would win.
    queryClient.clear();
    markDeregistered();
    nav.reLaunch(routeUrl('deregister'));
  };

  return (
    <div className="account-page">
      <section className="account-notice" data-testid="deregister-notice">
        <h2>注销前请确认</h2>
        <ul>
          <li>注销后不可恢复，本账号将无法再登录。</li>
          <li>您的姓名、手机号和头像将被删除，手机号可重新用于开通新账号。</li>
          <li>您经手的订单、客户、跟进和报告属于企业，会保留，显示为“已注销”。</li>
          <li>所有设备上的登录将立即退出。</li>
        </ul>
      </section>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="danger" size="large" loading={busy} disabled={busy}>
            注销账号
          </Button>
        }
      >
        <div className="form-note">验证码将发送至 {maskPhone(phone)}</div>
        <CodeField
          phone={phone}
          send={async () => {
            try {
              await sendCodeToOwnPhone({ scene: 'deregister' });
              return true;
            } catch {
              return false;
            }
          }}
        />
      </Form>
    </div>
  );
}
