import { maskPhone } from '@sales/contract';
import { Form } from 'antd-mobile';
import { routeUrl } from '../../../config/paths';
import { useCheckCode } from '../api/check-code';
import { keepTicket } from '../ticket-store';
import { AccountForm } from './account-form';
import { OwnPhoneCodeField } from './own-phone-code-field';
import { useSession } from '../../auth/session-store';
import { nav } from '../../../lib/navigation';

/** 验证手机号: a code to the current number opens the change (→ setNewPhone). */
export function VerifyPhoneForm() {
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
    <AccountForm
      form={form}
      onSubmit={submit}
      submitText="下一步"
      busy={check.isPending}
      before={<div className="form-note">为了您的账号安全，请先验证当前手机号 {maskPhone(phone)}</div>}
    >
      <OwnPhoneCodeField phone={phone} scene="changePhone" note={false} />
    </AccountForm>
  );
}
