import { maskPhone } from '@sales/contract';
import { Button, Form } from 'antd-mobile';
import { routeUrl } from '../../config/paths';
import { CodeField } from '../../features/account/components/code-field';
import { useCheckCode } from '../../features/account/api/check-code';
import { keepTicket } from '../../features/account/ticket-store';
import { sendCodeToOwnPhone } from '../../features/auth/api/send-code';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';

/** 验证手机号: a code to the current number opens the change (→ setNewPhone). */
export default function UpdatePhonePage() {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  const [form] = Form.useForm<{ code: string }>();
  const check = useCheckCode();

  const submit = async ({ code }: { code: string }) => {
    try {
      const { ticket, expiresIn } = await check.mutateAsync({ scene: 'changePhone', code: code.trim() });
      keepTicket('changePhone', ticket, expiresIn);
      nav.redirectTo(routeUrl('setNewPhone'));
    } catch {
      // The request layer has shown why; the typed code stays.
    }
  };

  return (
    <div className="account-page">
      <div className="form-note">为了您的账号安全，请先验证当前手机号 {maskPhone(phone)}</div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={check.isPending} disabled={check.isPending}>
            下一步
          </Button>
        }
      >
        <CodeField
          phone={phone}
          send={async () => {
            try {
              await sendCodeToOwnPhone({ scene: 'changePhone' });
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
