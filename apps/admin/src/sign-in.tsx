/** Sign-in with the same accounts as the phone app (password or SMS code), and the one-time password's replacement. */
import { PASSWORD_POLICY, passwordProblem, type HostProvider, type UserInfo } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, App, Button, Card, Form, Input, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { get, post, storeToken } from './api';

const PHONE_RULES = [
  { required: true, message: '请输入手机号' },
  { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号' },
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '操作失败，请重试');

/** Signs in with a password or a code: the token kept, then the caller told; the server's message on a refusal. */
function useSignIn(onSignedIn: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = async (body: { phone: string; password?: string; code?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const result = await post(ROUTES.userLogin, body);
      storeToken(result.token);
      onSignedIn();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, signIn };
}

function PasswordForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { error, busy, signIn } = useSignIn(onSignedIn);
  const submit = (values: { phone: string; password: string }) => signIn({ phone: values.phone.trim(), password: values.password });
  return (
    <Form name="password-sign-in" layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item label="手机号" name="phone" rules={PHONE_RULES}>
        <Input autoComplete="username" inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}

function CodeForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const { error, setError, busy, signIn } = useSignIn(onSignedIn);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    setError(null);
    try {
      const { phone } = await form.validateFields(['phone']);
      const sent = await post(ROUTES.userSendCode, { phone: phone.trim() });
      setWait(sent.resendAfter ?? 60);
    } catch (failure) {
      if (failure instanceof Error) setError(failure.message);
    }
  };
  const submit = (values: { phone: string; code: string }) => signIn({ phone: values.phone.trim(), code: values.code.trim() });
  return (
    <Form form={form} name="code-sign-in" layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item label="手机号" name="phone" rules={PHONE_RULES}>
        <Input autoComplete="username" inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item label="验证码" required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入6位数字验证码' }]}>
            <Input aria-label="验证码" autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
          </Form.Item>
          <Button onClick={() => void sendCode()} disabled={wait > 0}>
            {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}

const HOST_NAMES: Record<HostProvider, string> = { wecom: '企业微信', dingtalk: '钉钉' };
const HOST_PENDING_KEY = 'adminHostSignIn';

/**
 * 企业微信扫码登录 / 钉钉扫码登录 (issue 28 §1): the configured providers' entries; a start keeps the
 * state and this browser's binding here and opens the provider's QR page, which comes back to
 * /admin/?code=…&state=… (钉钉: authCode) for the session.
 */
function HostEntries({ onSignedIn }: { onSignedIn: () => void }) {
  const [providers, setProviders] = useState<HostProvider[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code') ?? params.get('authCode');
    const state = params.get('state');
    let live = true;
    if (code && state) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
      const pending = JSON.parse(localStorage.getItem(HOST_PENDING_KEY) ?? 'null') as { state: string; binding: string } | null;
      localStorage.removeItem(HOST_PENDING_KEY);
      if (!pending || pending.state !== state) setError('登录请求已失效，请重新登录');
      else {
        setBusy(true);
        post(ROUTES.userHostLogin, { state, binding: pending.binding, authCode: code })
          .then((result) => {
            storeToken(result.token);
            onSignedIn();
          })
          .catch((failure: unknown) => {
            if (live) setError(messageOf(failure));
          })
          .finally(() => {
            if (live) setBusy(false);
          });
      }
    }
    get(ROUTES.userHostProviders)
      .then((answer) => {
        if (live) setProviders((['wecom', 'dingtalk'] as const).filter((name) => answer[name]));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [onSignedIn]);

  const start = async (provider: HostProvider) => {
    setBusy(true);
    setError(null);
    try {
      const started = await post(ROUTES.userHostLoginStart, { provider, mode: 'qr', client: 'admin' });
      localStorage.setItem(HOST_PENDING_KEY, JSON.stringify({ state: started.state, binding: started.binding }));
      if (started.url) window.location.assign(started.url);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  if (providers.length === 0 && !error) return null;
  return (
    <div role="group" aria-label="其他登录方式" style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}>
      {error && <Alert type="error" title={error} showIcon />}
      {providers.map((provider) => (
        <Button key={provider} block loading={busy} onClick={() => void start(provider)}>
          {HOST_NAMES[provider]}扫码登录
        </Button>
      ))}
    </div>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <main className="sign-in">
      <Card className="sign-in-card">
        <Typography.Title level={1} style={{ fontSize: 22, textAlign: 'center' }}>
          销售助手 · 管理后台
        </Typography.Title>
        <Tabs
          centered
          items={[
            { key: 'password', label: '密码登录', children: <PasswordForm onSignedIn={onSignedIn} /> },
            { key: 'code', label: '验证码登录', children: <CodeForm onSignedIn={onSignedIn} /> },
          ]}
        />
        <HostEntries onSignedIn={onSignedIn} />
      </Card>
    </main>
  );
}

/** A one-time password (a new administrator's, or a reset's) is replaced before anything else. */
export function SetPassword({ user, onDone, onSignOut }: { user: UserInfo; onDone: () => void; onSignOut: () => void }) {
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await post(ROUTES.userUpdatePassword, { password: values.password });
      void message.success('密码已设置');
      onDone();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <Card className="sign-in-card">
        <Typography.Title level={1} style={{ fontSize: 20 }}>
          请先设置新密码
        </Typography.Title>
        <Typography.Paragraph>{user.username}，你正在使用一次性密码，设置新密码后才能继续。</Typography.Paragraph>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            label="新密码"
            name="password"
            extra={PASSWORD_POLICY}
            rules={[
              { required: true, message: '请输入新密码' },
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = value ? passwordProblem(value, user.phone) : null;
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_rule, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={busy}>
            保存并继续
          </Button>
          <Button type="link" block onClick={onSignOut}>
            退出登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
