import { maskPhone } from '@sales/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useCheckCode } from '../../features/account/api/check-code';
import { useUpdatePassword } from '../../features/account/api/update-password';
import { CodeField } from '../../features/account/components/code-field';
import { NewPasswordFields } from '../../features/account/components/password-fields';
import { sendCodeToOwnPhone } from '../../features/auth/api/send-code';
import { landingUrl, refreshUserInfo } from '../../features/auth/session';
import { useSession } from '../../features/auth/session-store';
import { nav } from '../../lib/navigation';
import { showToast } from '../../lib/toast';

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
export default function UpdatePasswordPage() {
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
    <div className="account-page">
      {forced && (
        <div className="form-note form-note--warning" data-testid="forced-password">
          您的密码已被主管重置，请设置新密码后继续使用。
        </div>
      )}
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
            {forced ? '设置新密码' : '确认修改'}
          </Button>
        }
      >
        {!forced && !byCode && (
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input type="password" autoComplete="current-password" aria-label="原密码" placeholder="请输入原密码" maxLength={128} />
          </Form.Item>
        )}
        {!forced && byCode && (
          <>
            <div className="form-note">验证码将发送至 {maskPhone(phone)}</div>
            <CodeField
              phone={phone}
              send={async () => {
                try {
                  await sendCodeToOwnPhone({ scene: 'password' });
                  return true;
                } catch {
                  return false;
                }
              }}
            />
          </>
        )}
        <NewPasswordFields phone={phone} />
      </Form>
      {!forced && (
        <button type="button" className="link-button account-page__switch" onClick={() => setByCode((value) => !value)}>
          {byCode ? '用原密码修改' : '忘记旧密码？'}
        </button>
      )}
    </div>
  );
}
