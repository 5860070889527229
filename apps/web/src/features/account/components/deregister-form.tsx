import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd-mobile';
import { routeUrl } from '../../../config/paths';
import { useCheckCode } from '../api/check-code';
import { useDeleteAccount } from '../api/delete-account';
import { markDeregistered } from '../deregistered-notice';
import { AccountForm } from './account-form';
import { OwnPhoneCodeField } from './own-phone-code-field';
import { useSession } from '../../auth/session-store';
import { nav } from '../../../lib/navigation';
import { Dialog } from '../../../lib/antd-imperative';

/** 注销账号: what deletion means, a code to the own phone, a final confirmation → deregister. */
export function DeregisterForm() {
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
    <AccountForm
      form={form}
      onSubmit={submit}
      submitText="注销账号"
      danger
      busy={busy}
      before={
        <section className="account-notice" data-testid="deregister-notice">
          <h2>注销前请确认</h2>
          <ul>
            <li>注销后不可恢复，本账号将无法再登录。</li>
            <li>您的姓名、手机号和头像将被删除，手机号可重新用于开通新账号。</li>
            <li>您经手的订单、客户、跟进和报告属于企业，会保留，显示为“已注销”。</li>
            <li>所有设备上的登录将立即退出。</li>
          </ul>
        </section>
      }
    >
      <OwnPhoneCodeField phone={phone} scene="deregister" />
    </AccountForm>
  );
}
