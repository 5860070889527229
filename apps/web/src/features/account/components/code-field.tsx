import { CODE_LENGTH, isCode } from '@sales/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useResendCountdown } from '../../auth/code-timer';

interface CodeFieldProps {
  /** The phone the code goes to, for the 60 s countdown. */
  phone: string;
  /** Sends the code; resolves false when it was not sent (the request layer has said why). */
  send(): Promise<boolean>;
  disabled?: boolean;
}

/** The form's `code` field: six digits, 获取验证码 and the 60 s resend countdown (SPEC §5). */
export function CodeField({ phone, send, disabled }: CodeFieldProps) {
  const countdown = useResendCountdown(phone);
  const [sending, setSending] = useState(false);

  const onSend = async () => {
    setSending(true);
    try {
      if (await send()) countdown.restart();
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item
      name="code"
      label="验证码"
      rules={[
        {
          validator: async (_rule, value: string | undefined) => {
            if (!isCode((value ?? '').trim())) throw new Error('请输入6位数字验证码');
          },
        },
      ]}
      extra={
        countdown.seconds > 0 ? (
          <span className="muted" data-testid="resend-countdown">
            {countdown.seconds}s后重新获取
          </span>
        ) : (
          <Button size="small" color="primary" fill="none" loading={sending} disabled={disabled || sending} onClick={() => void onSend()} data-testid="send-code">
            获取验证码
          </Button>
        )
      }
    >
      <Input aria-label="验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} placeholder="6位数字" />
    </Form.Item>
  );
}
