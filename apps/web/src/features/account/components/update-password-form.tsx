import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useCheckCode } from '../api/check-code';
import { useUpdatePassword } from '../api/update-password';
import { AccountForm } from './account-form';
import { OwnPhoneCodeField } from './own-phone-code-field';
import { NewPasswordFields } from './password-fields';
import { landingUrl, refreshUserInfo } from '../../auth/session';
import { useSession } from '../../auth/session-store';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';

interface Values {
  oldPassword?: string;
  code?: string;
  password: string;
  confirm: string;
}

/**
 * 修改密码: with the old password, or (忘记旧密码?) a code to the user's own phone; the new one
 * twice, under the policy shown. After a leader's reset it is the forced 设置新密码 step.
 */
export function UpdatePasswordForm() {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  const forced = useSession((state) => state.userInfo?.mustChangePassword === true);
  const [byCode, setByCode] = useState(false);
  const [form] = Form.useForm<Values>();
  const update = useUpdatePassword();
  const check = useCheckCode();
  const busy = update.isPending || check.isPending;

  const submit = async (values: Values) => {
    try {
      if (forced) {
        await update.mutateAsync({ password: values.password });
      } else if (byCode) {
        const { ticket } = await check.mutateAsync({ scene: 'password', code: (values.code ?? '').trim() });
        await update.mutateAsync({ password: values.password, ticket });
      } else {
        await update.mutateAsync({ password: values.password, oldPassword: values.oldPassword ?? '' });
      }
    } catch {
      // The request layer has shown why; what was typed stays.
      return;
    }
    showToast('密码已修改', 'success');
    if (forced) {
      await refreshUserInfo();
      nav.reLaunch(landingUrl());
    } else {
      nav.navigateBack();
    }
  };

  return (
    <AccountForm
      form={form}
      onSubmit={submit}
      submitText={forced ? '设置新密码' : '确认修改'}
      busy={busy}
      before={
        forced && (
          <div className="form-note form-note--warning" data-testid="forced-password">
            您的密码已被主管重置，请设置新密码后继续使用。
          </div>
        )
      }
      after={
        !forced && (
          <button type="button" className="link-button account-page__switch" onClick={() => setByCode((value) => !value)}>
            {byCode ? '用原密码修改' : '忘记旧密码？'}
          </button>
        )
      }
    >
      {!forced && !byCode && (
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input type="password" autoComplete="current-password" aria-label="原密码" placeholder="请输入原密码" maxLength={128} />
        </Form.Item>
      )}
      {!forced && byCode && <OwnPhoneCodeField phone={phone} scene="password" />}
      <NewPasswordFields phone={phone} />
    </AccountForm>
  );
}
