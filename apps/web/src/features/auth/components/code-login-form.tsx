import { CODE_LENGTH, maskPhone } from '@sales/contract';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { nav } from '../../../lib/navigation';
import { useLogin, useSendCodeToPhone } from '../api/mutations';
import { useResendCountdown } from '../code-timer';
import { landingUrl } from '../session';

/**
 * 输入验证码: the code sent to `phone` logs in as its six digits are typed (then to `redirect`, or
 * the user's landing page); 重新获取 after the countdown.
 */
export function CodeLoginForm({ phone, redirect }: { phone: string; redirect: string | null }) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin();
  const sendCode = useSendCodeToPhone();
  const countdown = useResendCountdown(phone);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = async (value: string) => {
    try {
      if (await loginMutation.mutateAsync({ phone, code: value })) {
        nav.reLaunch(redirect ?? landingUrl());
        return;
      }
    } catch {
      // The request layer has shown why; let the user type again.
    }
    setCode('');
    input.current?.focus();
  };

  const onChange = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    if (digits.length === CODE_LENGTH && !loginMutation.isPending) void submit(digits);
  };

  const resend = async () => {
    try {
      await sendCode.mutateAsync({ phone, scene: 'login' });
      countdown.restart();
      setCode('');
      input.current?.focus();
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <div className="section" style={{ padding: '28px 24px' }}>
      <h2 style={{ margin: '0 0 8px', fontSize: 22 }}>输入验证码</h2>
      <div className="muted">验证码已发送至 {maskPhone(phone)}</div>
      <label className="code-boxes">
        {Array.from({ length: CODE_LENGTH }, (_, i) => (
          <span key={i} className={`code-boxes__box${i === Math.min(code.length, CODE_LENGTH - 1) ? ' code-boxes__box--active' : ''}`} aria-hidden>
            {code[i] ?? ''}
          </span>
        ))}
        <input
          ref={input}
          className="code-boxes__input"
          aria-label="验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          disabled={loginMutation.isPending}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {countdown.seconds > 0 ? (
        <div className="muted" data-testid="resend-countdown">
          {countdown.seconds}s后重新获取
        </div>
      ) : (
        <Button fill="none" color="primary" style={{ padding: 0 }} loading={sendCode.isPending} onClick={() => void resend()}>
          重新获取
        </Button>
      )}
    </div>
  );
}
