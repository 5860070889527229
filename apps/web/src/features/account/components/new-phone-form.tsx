import { isMobile } from '@sales/contract';
import { Form, Input } from 'antd-mobile';
import { useEffect } from 'react';
import { routeUrl } from '../../../config/paths';
import { useResetPhone } from '../api/reset-phone';
import { AccountForm } from './account-form';
import { CodeField } from './code-field';
import { dropTicket, readTicket } from '../ticket-store';
import { sendCodeToPhone } from '../../auth/api/send-code';
import { refreshUserInfo } from '../../auth/session';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';

interface Values {
  phone: string;
  code: string;
}

/** 设置新手机号: the new number and its code; the user stays logged in with the new number. */
export function NewPhoneForm() {
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form) ?? '';
  const resetPhone = useResetPhone();

  useEffect(() => {
    // Without a live ticket (a reload, or ten minutes passed) the change starts again.
    if (!readTicket('changePhone')) {
      showToast('请先验证当前手机号');
      nav.redirectTo(routeUrl('updatePhone'));
    }
  }, []);

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return false;
    }
    const ticket = readTicket('changePhone');
    if (!ticket) {
      nav.redirectTo(routeUrl('updatePhone'));
      return false;
    }
    try {
      await sendCodeToPhone({ phone: phone.trim(), scene: 'newPhone', ticket });
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (values: Values) => {
    const ticket = readTicket('changePhone');
    if (!ticket) {
      nav.redirectTo(routeUrl('updatePhone'));
      return;
    }
    try {
      await resetPhone.mutateAsync({ ticket, phone: values.phone.trim(), code: values.code.trim() });
      dropTicket('changePhone');
      await refreshUserInfo();
      showToast('手机号已更换', 'success');
      nav.redirectTo(routeUrl('viewPhone'));
    } catch {
      // The request layer has shown why; what was typed stays.
    }
  };

  return (
    <AccountForm
      form={form}
      onSubmit={submit}
      submitText="确定更换"
      busy={resetPhone.isPending}
      before={<div className="form-note">新手机号将用于登录和接收验证码，其他设备上的登录会退出。</div>}
    >
      <Form.Item
        name="phone"
        label="新手机号"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!isMobile((value ?? '').trim())) throw new Error('请输入正确的手机号');
            },
          },
        ]}
      >
        <Input type="tel" inputMode="numeric" maxLength={11} aria-label="新手机号" placeholder="请输入新手机号" />
      </Form.Item>
      <CodeField phone={phone} send={sendCode} />
    </AccountForm>
  );
}
