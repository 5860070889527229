import { isMobile, type HostProvider } from '@sales/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Input from 'antd-mobile/es/components/input';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { prerenderedAgreed, prerenderedModeTab, prerenderedValue, takePrerenderedFocus, takePrerenderedSubmit } from '../../../lib/prerendered-login';
import { routeUrl, safeRedirect } from '../../../config/paths';
import { login } from '../api/login';
import { sendCodeToPhone } from '../api/send-code';
import { markCodeSent } from '../code-timer';
import { completeLogin, landingUrl } from '../session';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';

type Mode = 'password' | 'code';

const MODES: { key: Mode; title: string }[] = [
  { key: 'password', title: '密码登录' },
  { key: 'code', title: '验证码登录' },
];

/**
 * 密码登录 / 验证码登录: a plain tab list (WAI-ARIA tabs, arrow keys move between them) instead of
 * antd-mobile's Tabs, whose animation library would otherwise be part of the login page's first load.
 */
function ModeTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + MODES.length) % MODES.length;
    const target = MODES[next];
    if (!target) return;
    onChange(target.key);
    tabs.current[next]?.focus();
  };
  return (
    <div className="login-tabs" role="tablist" aria-label="登录方式">
      {MODES.map((item, index) => (
        <button
          key={item.key}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`login-tab-${item.key}`}
          aria-selected={mode === item.key}
          aria-controls="login-form"
          tabIndex={mode === item.key ? 0 : -1}
          className={`login-tabs__tab${mode === item.key ? ' login-tabs__tab--active' : ''}`}
          onClick={() => onChange(item.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {item.title}
        </button>
      ))}
    </div>
  );
}

const HOST_NAMES: Record<HostProvider, string> = { wecom: '企业微信', dingtalk: '钉钉' };
/** Set once this tab has tried the host's sign-in by itself: after a failure or a logout it waits for a tap. */
const HOST_TRIED_KEY = 'sales.hostSignInTried';
/** The page's host sign-in check runs once per load (React's strict mode mounts twice). */
let hostChecked = false;

interface HostEntry {
  provider: HostProvider;
  mode: 'app' | 'qr';
}

/**
 * 企业微信 / 钉钉: inside either client the page signs in by itself (once per tab); back from a
 * provider's page it finishes the sign-in; in a desktop browser it offers the configured 扫码登录.
 * The module doing it loads only then, so a phone browser's first load stays as it was.
 */
function useHostSignIn(redirect: string | null) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [entries, setEntries] = useState<HostEntry[]>([]);
  useEffect(() => {
    const search = new URLSearchParams(window.location.search);
    const returned = Boolean((search.get('code') ?? search.get('authCode')) && search.get('state'));
    const agent = navigator.userAgent;
    const inHost = /wxwork|DingTalk/i.test(agent);
    const desktop = !inHost && !/Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(agent) && window.matchMedia('(pointer: fine)').matches;
    if (hostChecked || (!returned && !inHost && !desktop)) return;
    hostChecked = true;
    void import('../host-sign-in').then(async (host) => {
      const back = host.returnedCode();
      const client = host.hostClient();
      const providers = back ? null : await host.hostProviders();
      if (client && providers?.[client]) setEntries([{ provider: client, mode: 'app' }]);
      else if (providers && host.isDesktop()) setEntries((['wecom', 'dingtalk'] as const).filter((name) => providers[name]).map((provider) => ({ provider, mode: 'qr' })));
      let failure: string | null = null;
      setBusy(Boolean(back) || Boolean(client && providers?.[client] && !sessionStorage.getItem(HOST_TRIED_KEY)));
      if (back) failure = await host.finishHostSignIn(back);
      else if (client && providers?.[client] && !sessionStorage.getItem(HOST_TRIED_KEY)) {
        sessionStorage.setItem(HOST_TRIED_KEY, '1');
        failure = await host.startHostSignIn(client, 'app', redirect);
      }
      setMessage(failure);
      if (failure) setBusy(false);
      if (back && client) setEntries([{ provider: client, mode: 'app' }]);
    });
  }, [redirect]);

  const start = async (entry: HostEntry) => {
    setBusy(true);
    setMessage(null);
    const host = await import('../host-sign-in');
    const failure = await host.startHostSignIn(entry.provider, entry.mode, redirect);
    setMessage(failure);
    if (failure) setBusy(false);
  };
  return { message, busy, entries, start };
}

/**
 * The login form: phone and password, or phone for a code (→ 输入验证码), after the agreement. A
 * password login lands on the link's `?redirect=` (the user's landing page without it).
 */
export function LoginForm() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mode, setMode] = useState<Mode>(() => MODES.find((item) => `login-tab-${item.key}` === prerenderedModeTab())?.key ?? 'password');
  const form = useRef<HTMLFormElement>(null);
  // What was typed into index.html's prerendered copy of this form before the app loaded.
  const [phone, setPhone] = useState(() => prerenderedValue('username'));
  const [password, setPassword] = useState(() => prerenderedValue('current-password'));
  const [agreed, setAgreed] = useState(prerenderedAgreed);
  // Before the first paint of the form, so no key typed meanwhile goes astray.
  useLayoutEffect(() => {
    const field = takePrerenderedFocus();
    if (field) document.querySelector<HTMLInputElement>(`input[autocomplete="${field}"]`)?.focus();
    // 登录 was tapped on the copy: carried out now, with what was kept.
    if (takePrerenderedSubmit()) form.current?.requestSubmit();
  }, []);
  // The calls go through the request layer directly (no TanStack Query on the login page's first load).
  const [busy, setBusy] = useState(false);
  const host = useHostSignIn(redirect);

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
    setBusy(true);
    try {
      if (mode === 'password') {
        if (await completeLogin(await login({ phone, password }))) nav.reLaunch(redirect ?? landingUrl());
      } else {
        await sendCodeToPhone({ phone, scene: 'login' });
        markCodeSent(phone);
        nav.navigateTo(routeUrl('enterCode', { phone, redirect: redirect ?? undefined }));
      }
    } catch {
      // The request layer has already shown the server's message.
    } finally {
      setBusy(false);
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
      {host.message && (
        <div className="login__host-notice" role="alert">
          {host.message}
        </div>
      )}
      <ModeTabs mode={mode} onChange={setMode} />
      <div id="login-form" role="tabpanel" aria-labelledby={`login-tab-${mode}`}>
        <form
          ref={form}
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
          {/* A plain button: antd-mobile's Button brings its spinner's animation library (~25 KB gzip). */}
          <button className="login__submit" type="submit" disabled={busy} aria-busy={busy}>
            {mode === 'password' ? '登录' : '获取验证码'}
            {busy && <DotLoading color="currentColor" />}
          </button>
        </form>
      </div>
      {host.entries.length > 0 && (
        <div className="login__host" role="group" aria-label="其他登录方式">
          <div className="login__host-title">其他登录方式</div>
          {host.entries.map((entry) => (
            <button key={entry.provider} type="button" className="login__host-entry" disabled={host.busy} onClick={() => void host.start(entry)}>
              {entry.mode === 'qr' ? `${HOST_NAMES[entry.provider]}扫码登录` : `${HOST_NAMES[entry.provider]}登录`}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
