import { isMobile } from '@sales/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useEffect } from 'react';
import { routeUrl } from '../../config/paths';
import { useResetPhone } from '../../features/account/api/reset-phone';
import { CodeField } from '../../features/account/components/code-field';
import { dropTicket, readTicket } from '../../features/account/ticket-store';
import { sendCodeToPhone } from '../../features/auth/api/send-code';
import { refreshUserInfo } from '../../features/auth/session';
import { nav } from '../../lib/navigation';
import { showToast } from '../../lib/toast';

interface Values {
  phone: string;
  code: string;
}

/** 设置新手机号: the new number and its code; the user stays logged in with the new number. */
export default function SetNewPhonePage() {
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
    <div className="account-page">
      <div className="form-note">新手机号将用于登录和接收验证码，其他设备上的登录会退出。</div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={resetPhone.isPending} disabled={resetPhone.isPending}>
            确定更换
          </Button>
        }
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
      </Form>
    </div>
  );
}
