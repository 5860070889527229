import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishHostSignIn, hostClient, isDesktop, returnedCode } from './host-sign-in';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn(), preloadToast: vi.fn() }));

const WECOM = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1';
const DINGTALK = 'Mozilla/5.0 (Linux; U; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 AliApp(DingTalk/7.5.10) com.alibaba.android.rimet/37402418';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: fine)', media: query }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('host sign-in in the page', () => {
  it('knows the host client and a desktop browser by the user agent', () => {
    expect(hostClient(WECOM)).toBe('wecom');
    expect(hostClient(DINGTALK)).toBe('dingtalk');
    expect(hostClient(DESKTOP)).toBeNull();
    expect(isDesktop(DESKTOP)).toBe(true);
    expect(isDesktop(PHONE)).toBe(false);
    expect(isDesktop(WECOM)).toBe(false);
  });

  it('reads a provider’s return: 企业微信’s code or 钉钉’s authCode, with the state', () => {
    expect(returnedCode('?code=c1&state=s1')).toEqual({ code: 'c1', state: 's1' });
    expect(returnedCode('?authCode=c2&state=s2')).toEqual({ code: 'c2', state: 's2' });
    expect(returnedCode('?code=c3')).toBeNull();
    expect(returnedCode('')).toBeNull();
  });

  it('refuses a return this browser did not start, without sending a binding, and clears the address', async () => {
    window.history.replaceState(null, '', '/?code=forged&state=other#/pages/login/index');
    localStorage.setItem('sales.hostSignIn', JSON.stringify({ state: 'mine', binding: 'b', provider: 'wecom', redirect: null }));
    expect(await finishHostSignIn({ code: 'forged', state: 'other' })).toBe('登录请求已失效，请重新登录');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/pages/login/index');
    expect(localStorage.getItem('sales.hostSignIn')).toBeNull();
  });

  it('shows the server’s refusal (未开通) and keeps no session', async () => {
    localStorage.setItem('sales.hostSignIn', JSON.stringify({ state: 's', binding: 'b', provider: 'wecom', redirect: null }));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 400, msg: '未开通销售助手账号，请联系管理员', data: null }), { status: 400, headers: { 'content-type': 'application/json' } }));
    expect(await finishHostSignIn({ code: 'c', state: 's' })).toBe('未开通销售助手账号，请联系管理员');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/seller/user/host/login');
    expect(JSON.parse(String(init?.body))).toEqual({ state: 's', binding: 'b', authCode: 'c' });
  });
});
