/**
 * Sign-in through 企业微信 and 钉钉 (issue 28 §1), loaded by the login page only when it is needed:
 * inside either host's client, on the return from a provider's page (`?code=…&state=…`), or in a
 * desktop browser for the 扫码登录 entries.
 *
 * A start asks the server for a one-time state and a binding; the binding (and where to land
 * afterwards) stays in this browser's storage, never in a URL. On the way back the code, the state
 * and the binding go to the server, which opens the session as a password login does.
 */
import type { HostProvider, HostProviders } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { call, callGet } from '../../lib/api-client';
import { nav } from '../../lib/navigation';
import { completeLogin, landingUrl } from './session';

const PENDING_KEY = 'sales.hostSignIn';

interface Pending {
  state: string;
  binding: string;
  provider: HostProvider;
  /** Where the person was going (SPEC §2's redirect), for after the sign-in. */
  redirect: string | null;
}

/** Which host's client this page runs in, by its user agent. */
export function hostClient(userAgent = navigator.userAgent): HostProvider | null {
  if (/wxwork/i.test(userAgent)) return 'wecom';
  if (/DingTalk/i.test(userAgent)) return 'dingtalk';
  return null;
}

/** A desktop browser (not a phone or tablet, not a host's client; a mouse, not a touch screen): where the QR entries show. */
export function isDesktop(userAgent = navigator.userAgent): boolean {
  return hostClient(userAgent) === null && !/Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(userAgent) && window.matchMedia('(pointer: fine)').matches;
}

/** The code and state a provider sent this page back with, if it did. */
export function returnedCode(search = window.location.search): { code: string; state: string } | null {
  const params = new URLSearchParams(search);
  const code = params.get('code') ?? params.get('authCode');
  const state = params.get('state');
  return code && state ? { code, state } : null;
}

/** The configured providers (the server says which); none when it cannot be asked. */
export async function hostProviders(): Promise<HostProviders> {
  try {
    return await callGet(ROUTES.userHostProviders, undefined, { hideErrorToast: true });
  } catch {
    return { wecom: false, dingtalk: false };
  }
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : '登录失败，请使用密码或验证码登录');

/**
 * Starts a sign-in: to the provider's page (企业微信's authorize or either 扫码登录), or, inside 钉钉,
 * straight to its client's auth code. Resolves with a message when it failed.
 */
export async function startHostSignIn(provider: HostProvider, mode: 'app' | 'qr', redirect: string | null): Promise<string | null> {
  try {
    const started = await call(ROUTES.userHostLoginStart, { provider, mode, client: 'web' }, { hideErrorToast: true });
    const pending: Pending = { state: started.state, binding: started.binding, provider, redirect };
    if (started.url) {
      localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      window.location.assign(started.url);
      return null;
    }
    const answer = await (await dingtalkAuthCode())({ corpId: started.corpId ?? '' });
    const code = (answer as { code?: string }).code;
    if (!code) return '钉钉未返回授权码，请使用密码或验证码登录';
    return await signInWith(pending, code);
  } catch (error) {
    return messageOf(error);
  }
}

/** Back from the provider's page: the code, the state and this browser's binding → the session. Resolves with a message when it failed. */
export async function finishHostSignIn(returned: { code: string; state: string }): Promise<string | null> {
  // The code leaves the address bar at once (the hash route stays).
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
  let pending: Pending | null = null;
  try {
    pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
  } catch {
    pending = null;
  }
  localStorage.removeItem(PENDING_KEY);
  // A state this browser did not start is refused by the server too; the binding is not sent then.
  if (!pending || pending.state !== returned.state) return '登录请求已失效，请重新登录';
  return signInWith(pending, returned.code);
}

type RequestAuthCode = (params: { corpId: string }) => Promise<unknown>;

/**
 * 钉钉's requestAuthCode from dingtalk-jsapi (its own module only, not the whole library). The
 * module is CommonJS: bundled, its function is the namespace's default or that default's default.
 */
async function dingtalkAuthCode(): Promise<RequestAuthCode> {
  // The client bridges of 钉钉's platforms register themselves; the API module alone knows none.
  await Promise.all([
    import('dingtalk-jsapi/platform/android'),
    import('dingtalk-jsapi/platform/ios'),
    import('dingtalk-jsapi/platform/harmony'),
    import('dingtalk-jsapi/platform/pc'),
  ]);
  const loaded = (await import('dingtalk-jsapi/api/runtime/permission/requestAuthCode')) as unknown as { default?: unknown; requestAuthCode$?: unknown };
  const inner = loaded.default as { default?: unknown; requestAuthCode$?: unknown } | RequestAuthCode | undefined;
  const found = [inner, typeof inner === 'object' ? inner?.default : undefined, typeof inner === 'object' ? inner?.requestAuthCode$ : undefined, loaded.requestAuthCode$].find(
    (candidate): candidate is RequestAuthCode => typeof candidate === 'function',
  );
  if (!found) throw new Error('钉钉登录组件加载失败，请使用密码或验证码登录');
  return found;
}

async function signInWith(pending: Pending, code: string): Promise<string | null> {
  try {
    const result = await call(ROUTES.userHostLogin, { state: pending.state, binding: pending.binding, authCode: code }, { hideErrorToast: true });
    if (await completeLogin(result)) nav.reLaunch(pending.redirect ?? landingUrl());
    return null;
  } catch (error) {
    return messageOf(error);
  }
}
