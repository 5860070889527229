import { isMobile } from '@sales/contract';
import { Button, Checkbox, Input, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { routeUrl, safeRedirect } from '../../config/paths';
import { useLogin } from '../../features/auth/api/login';
import { useSendCodeToPhone } from '../../features/auth/api/send-code';
import { markCodeSent } from '../../features/auth/code-timer';
import { landingUrl } from '../../features/auth/session';
import { nav } from '../../lib/navigation';
import { showToast } from '../../lib/toast';

type Mode = 'password' | 'code';

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mode, setMode] = useState<Mode>('password');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const loginMutation = useLogin();
  const sendCode = useSendCodeToPhone();
  const busy = loginMutation.isPending || sendCode.isPending;

  const submit = async () => {
    if (!isMobile(phone)) {
      showToast('请输入正确的手机号');
      return;
    }
    if (mode === 'password' && !password) {
      showToast('请输入密码');
      return;
    }
    if (!agreed) {
      showToast('请先阅读并同意《用户协议》和《隐私政策》');
      return;
    }
    try {
      if (mode === 'password') {
        if (await loginMutation.mutateAsync({ phone, password })) nav.reLaunch(redirect ?? landingUrl());
      } else {
        await sendCode.mutateAsync({ phone, scene: 'login' });
        markCodeSent(phone);
        nav.navigateTo(routeUrl('enterCode', { phone, redirect: redirect ?? undefined }));
      }
    } catch {
      // The request layer has already shown the server's message.
    }
  };

  return (
    <div className="login">
      <div className="login__brand">
        <img src="./logo.svg" alt="" />
        <div>
          <h1>销售助手</h1>
          <div className="muted">业绩、客户、订单，一手掌握</div>
        </div>
      </div>
      <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)}>
        <Tabs.Tab title="密码登录" key="password" />
        <Tabs.Tab title="验证码登录" key="code" />
      </Tabs>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
      >
        <div className="login__field">
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="username"
            maxLength={11}
            placeholder="请输入手机号"
            aria-label="手机号"
            value={phone}
            onChange={(value) => setPhone(value.replace(/\D/g, ''))}
            clearable
          />
        </div>
        {mode === 'password' && (
          <div className="login__field">
            <Input
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              aria-label="密码"
              maxLength={64}
              value={password}
              onChange={setPassword}
              clearable
            />
          </div>
        )}
        <Checkbox checked={agreed} onChange={setAgreed} className="login__agreement" aria-label="同意用户协议和隐私政策">
          <span className="login__agreement">
            我已阅读并同意
            <Link to={routeUrl('loginAgreement')} onClick={(event) => event.stopPropagation()}>
              《用户协议》
            </Link>
            和
            <Link to={routeUrl('privacyPolicy')} onClick={(event) => event.stopPropagation()}>
              《隐私政策》
            </Link>
          </span>
        </Checkbox>
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>
          {mode === 'password' ? '登录' : '获取验证码'}
        </Button>
      </form>
    </div>
  );
}
