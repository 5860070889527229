import type { Request, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CHEN_JING, LI_NA, LIU_YANG, WANG_QIANG, ZHANG_WEI } from '../support/accounts';
import { apiLogout } from '../support/api';
import { useApp } from '../support/app';

const harness = useApp();

const LOGIN_API = '**/seller/user/v2/login';

describe('request layer', () => {
  test('a session ended elsewhere: the next call answers 401, the app toasts and goes to login', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(WANG_QIANG);
    await app.open('pages/my/setting');
    await app.waitForTitle('设置');

    await apiLogout(session.token);
    // The next start refreshes the user info with the ended token.
    await app.page.reload();

    await app.waitForToast('登录过期，请重新登录');
    const atLogin = await app.waitForRoute('/pages/login/index');
    expect(atLogin.query.get('redirect')).toBe('/pages/my/setting');
    for (const key of ['token', 'userInfo', 'currentSite', 'permissionData'] as const) {
      expect(await app.storage(key), key).toBeNull();
    }
  });

  test('a garbage stored token: the start-up user-info refresh answers 401 and the app goes to login', async () => {
    const app = await harness.newApp();
    await app.signIn(LI_NA);
    await app.page.evaluate(() => window.localStorage.setItem('token', JSON.stringify('garbage-token')));
    await app.page.reload();

    await app.waitForToast('登录过期，请重新登录');
    const atLogin = await app.waitForRoute('/pages/login/index');
    expect(atLogin.query.get('redirect')).toBe('/pages/index/index');
    expect(await app.storage('token')).toBeNull();
  });

  test('a 401 body code is handled even on a call that hides its errors', async () => {
    const app = await harness.newApp();
    await app.signIn(CHEN_JING);
    await app.open('pages/order/alova?probe=1');
    await app.waitForTitle('请求示例');
    await app.page.route('**/seller/version', (route: Route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 401, msg: '未登录', data: null }) }),
    );
    await app.page.getByRole('button', { name: '发送请求' }).tap();

    await app.waitForToast('登录过期，请重新登录');
    const atLogin = await app.waitForRoute('/pages/login/index');
    expect(atLogin.query.get('redirect')).toBe('/pages/order/alova?probe=1');
    expect(await app.storage('token')).toBeNull();
  });

  test.each([
    ['the server message', { status: 500, body: { code: 500, msg: '服务器开小差了', data: null } }, '服务器开小差了'],
    ['请求错误 when the message is empty', { status: 500, body: { code: 500, msg: '', data: null } }, '请求错误'],
    ['the message of a failing body code on HTTP 200', { status: 200, body: { code: 409, msg: '账号状态异常', data: null } }, '账号状态异常'],
  ])('a failed call toasts %s', async (_case, answer, toast) => {
    const app = await harness.newApp();
    await app.page.route(LOGIN_API, (route: Route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }));
    await app.login.open();
    await app.login.loginWithPassword(ZHANG_WEI.phone, 'Demo@2025');

    await app.waitForToast(toast);
    expect(app.route().path).toBe('/pages/login/index');
    expect(await app.storage('token')).toBeNull();
  });

  test('a network failure toasts 网络错误，换个网络试试', async () => {
    const app = await harness.newApp();
    await app.page.route(LOGIN_API, (route: Route) => route.abort('internetdisconnected'));
    await app.login.open();
    await app.login.loginWithPassword(ZHANG_WEI.phone, 'Demo@2025');

    await app.waitForToast('网络错误，换个网络试试');
    expect(app.route().path).toBe('/pages/login/index');
  });

  test('a call that hides its errors shows no toast (请求示例 shows the failure on the page)', async () => {
    const app = await harness.newApp();
    await app.signIn(CHEN_JING);
    await app.page.route('**/seller/version', (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '服务器开小差了', data: null }) }),
    );
    await app.open('pages/order/alova');
    await app.waitForTitle('请求示例');
    await app.page.getByRole('button', { name: '发送请求' }).tap();

    const result = app.page.getByTestId('alova-result');
    await result.waitFor();
    await expect.poll(() => result.textContent()).toContain('HTTP 500 · code 500');
    // The request layer toasts before the caller sees the error, so a toast would be rendered by now.
    await app.settled();
    expect(app.toastsSinceLastExpected()).toEqual([]);
  });

  test('every call sends platform h5, Version 2.0.1 and the token as Authorization', async () => {
    const app = await harness.newApp();
    const requests: Request[] = [];
    app.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/seller/')) requests.push(request);
    });

    await app.login.open();
    await app.login.loginAs(LIU_YANG);
    await app.waitForRoute('/pages/index/index');
    const token = await app.storage('token');
    expect(typeof token).toBe('string');

    const login = requests.find((request) => request.url().endsWith('/seller/user/v2/login'));
    expect(login?.method()).toBe('POST');
    const loginHeaders = await login?.allHeaders();
    expect(loginHeaders).toMatchObject({ platform: 'h5', version: '2.0.1', 'content-type': 'application/json' });
    expect(loginHeaders?.authorization).toBeUndefined();

    const info = requests.find((request) => request.url().endsWith('/seller/user/info'));
    expect(await info?.allHeaders()).toMatchObject({ platform: 'h5', version: '2.0.1', authorization: token });
    expect(info?.postDataJSON()).toEqual({ id: 4, Version: '2.0.1' });

    // The diagnostics page: a GET through the same request layer, without a body.
    await app.open('pages/order/alova');
    await app.waitForTitle('请求示例');
    const sent = app.page.waitForRequest((request) => new URL(request.url()).pathname === '/seller/version');
    await app.page.getByRole('button', { name: '发送请求' }).tap();
    const version = await sent;
    expect(version.method()).toBe('GET');
    expect(version.postData()).toBeNull();
    expect(await version.allHeaders()).toMatchObject({ platform: 'h5', version: '2.0.1', authorization: token });
    await expect.poll(async () => (await app.page.getByTestId('alova-result').textContent()) ?? '').toContain('HTTP 200 · code 200');

    // The about page's update check: a POST with a JSON body.
    const update = app.page.waitForRequest((request) => new URL(request.url()).pathname === '/seller/version/update');
    await app.open('pages/order/index11');
    const check = await update;
    expect(check.method()).toBe('POST');
    expect(await check.allHeaders()).toMatchObject({ platform: 'h5', version: '2.0.1', authorization: token, 'content-type': 'application/json' });
    expect(check.postDataJSON()).toMatchObject({ version: '2.0.1', versionCode: 100 });
    await app.page.getByText('已是最新版本').waitFor();
  });
});
