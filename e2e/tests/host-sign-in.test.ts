/**
 * Sign-in from 企业微信 and 钉钉 (issue 28 §1) end to end in Chromium, through the run's stand-ins:
 * inside WeCom's browser the login page signs in by itself (its authorize page → back with a code);
 * in a desktop browser the phone app and the console offer 企业微信扫码登录 / 钉钉扫码登录; inside
 * DingTalk's client the page asks the client's bridge for an auth code (the bridge stood in for by
 * an init script answering a code the stand-in issued). An unknown person gets the Chinese notice
 * with the password form still there. The people are this file's own, linked through the admin API.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import * as ROUTES from '@sales/contract/routes';
import { ZHAO_MIN } from '../support/accounts';
import { apiLogin, endpointData, lane, type Session } from '../support/api';
import { AppPage, useApp } from '../support/app';

const harness = useApp();

const WECOM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light';
const DINGTALK_UA =
  'Mozilla/5.0 (Linux; U; Android 13; zh-CN; Pixel 7 Build/TQ3A.230901.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 AliApp(DingTalk/7.5.10) com.alibaba.android.rimet/37402418 Channel/700159 language/zh-CN abi/64 UT4Aplus/0.2.25 colorScheme/light';

interface Person {
  id: number;
  phone: string;
}

const randomPhone = () => `199${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A person of this file: hired through the console's API, their one-time password replaced, linked to directory userids. */
async function hire(admin: Session, username: string, ids: { wecomUserId?: string; dingtalkUserId?: string }): Promise<Person> {
  const phone = randomPhone();
  const created = await endpointData(admin, ROUTES.adminStaffCreate, { username, phone, positions: [], ...ids });
  const oneTime = created.oneTimePassword ?? '';
  const session = await endpointData(undefined, ROUTES.userLogin, { phone, password: oneTime });
  await endpointData({ token: session.token, userId: session.accountInfo.id }, ROUTES.userUpdatePassword, { password: 'Host@2026e2e', oldPassword: oneTime });
  return { id: created.id, phone };
}

let salesperson: Person;
let qrPerson: Person;
let dingtalkPerson: Person;
let consolePerson: Person;

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function appIn(browser: Browser, options: { userAgent?: string; desktop?: boolean; init?: string } = {}): Promise<AppPage> {
  const context = await browser.newContext(
    options.desktop
      ? { viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', serviceWorkers: 'block' }
      : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: options.userAgent, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', serviceWorkers: 'block' },
  );
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  if (options.init) await context.addInitScript({ content: options.init });
  return new AppPage(await context.newPage(), harness.baseUrl);
}

/** The stand-ins' recorded problems about sign-in (other features share the stand-ins). */
async function signInProblems(): Promise<string[]> {
  const all = await Promise.all(
    [lane().wecomStandIn, lane().dingtalkStandIn].map(async (url) => (await (await fetch(`${url}/__stand-in/problems`)).json()) as string[]),
  );
  return all.flat().filter((problem) => /oauth|sso|getuserinfo|userAccessToken|users\/me|getbyunionid|requestAuthCode|__oauth/.test(problem));
}

beforeAll(async () => {
  const admin = await apiLogin(ZHAO_MIN);
  salesperson = await hire(admin, '企微销售', { wecomUserId: 'wx-e2e-sales' });
  qrPerson = await hire(admin, '企微扫码', { wecomUserId: 'wx-e2e-qr', dingtalkUserId: 'dd-e2e-sales' });
  dingtalkPerson = await hire(admin, '钉钉免登', { dingtalkUserId: 'dd-e2e-app' });
  // Not an administrator: another one would change what the console's own tests count.
  consolePerson = await hire(admin, '企微后台', { wecomUserId: 'wx-e2e-admin' });
});

describe('sign-in from 企业微信 and 钉钉', () => {
  test('inside 企业微信 the login page signs in by itself, then lands where the link pointed', async () => {
    const app = await appIn(harness.browser, { userAgent: WECOM_UA });
    await app.page.goto(`${harness.baseUrl}/#/pages/my/setting?from=wecom`);
    // The page went to 企业微信's authorize page on its own.
    await app.page.waitForURL((url) => url.pathname === '/connect/oauth2/authorize');
    const authorize = new URL(app.page.url());
    expect(authorize.searchParams.get('scope')).toBe('snsapi_base');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${harness.baseUrl}/`);
    await app.page.getByRole('button', { name: '企微销售' }).click();

    const landed = await app.waitForRoute('/pages/my/setting');
    expect(landed.query.get('from')).toBe('wecom');
    expect(await app.storage('userId')).toBe(salesperson.id);
    expect(typeof (await app.storage('token'))).toBe('string');
    // The code and state left the address bar.
    expect(new URL(app.page.url()).search).toBe('');
    expect(await signInProblems()).toEqual([]);
  });

  test('an unknown 企业微信 person gets the Chinese notice; password and code login stay usable', async () => {
    const app = await appIn(harness.browser, { userAgent: WECOM_UA });
    await app.page.goto(`${harness.baseUrl}/#/pages/login/index`);
    await app.page.waitForURL((url) => url.pathname === '/connect/oauth2/authorize');
    await app.page.getByRole('button', { name: '企微未开通' }).click();
    await app.page.getByRole('alert').filter({ hasText: '未开通销售助手账号，请联系管理员' }).waitFor();
    expect(await app.storage('token')).toBeNull();
    // No loop back to 企业微信: the forms are there, and a tap tries again.
    await app.page.getByRole('textbox', { name: '手机号' }).waitFor();
    await app.page.getByRole('tab', { name: '验证码登录' }).waitFor();
    await expect.poll(() => app.page.getByRole('button', { name: '企业微信登录' }).isEnabled()).toBe(true);
    expect(app.route().path).toBe('/pages/login/index');
  });

  test('a desktop browser offers 企业微信扫码登录 and 钉钉扫码登录, and each signs in through its QR page', async () => {
    const wecom = await appIn(harness.browser, { desktop: true });
    await wecom.page.goto(`${harness.baseUrl}/#/pages/login/index`);
    await wecom.page.getByRole('button', { name: '钉钉扫码登录' }).waitFor();
    await wecom.page.getByRole('button', { name: '企业微信扫码登录' }).click();
    await wecom.page.waitForURL((url) => url.pathname === '/wwlogin/sso/login');
    await wecom.page.getByRole('button', { name: '企微扫码' }).click();
    await wecom.waitForRoute('/pages/my/index');
    expect(await wecom.storage('userId')).toBe(qrPerson.id);

    const dingtalk = await appIn(harness.browser, { desktop: true });
    await dingtalk.page.goto(`${harness.baseUrl}/#/pages/login/index`);
    await dingtalk.page.getByRole('button', { name: '钉钉扫码登录' }).click();
    await dingtalk.page.waitForURL((url) => url.pathname === '/oauth2/auth');
    await dingtalk.page.getByRole('button', { name: '钉钉销售' }).click();
    await dingtalk.waitForRoute('/pages/my/index');
    expect(await dingtalk.storage('userId')).toBe(qrPerson.id);
    expect(await signInProblems()).toEqual([]);
  });

  test('the login page loads the app at once inside 企业微信, back from a provider and on a desktop; a phone waits for a touch', async () => {
    const entry = (url: string) => /\/assets\/boot-[^/]+\.js$/.test(new URL(url).pathname);
    // The page's timers stand still (requestAnimationFrame too): the untouched phone page's start after
    // idling never comes, so only a page that starts the app by itself asks for the app's entry.
    const stopClock = async (app: AppPage) => {
      await app.page.clock.install();
      await app.page.clock.pauseAt(Date.now() + 60_000);
    };
    const opened = async (app: AppPage, url: string) => {
      await stopClock(app);
      // Held back, so the app does not go on to the provider's page.
      await app.holdApp();
      const asked = app.page.waitForRequest((request) => entry(request.url()));
      await app.page.goto(url, { waitUntil: 'commit' });
      return asked;
    };
    await opened(await appIn(harness.browser, { userAgent: WECOM_UA }), `${harness.baseUrl}/#/pages/login/index`);
    await opened(await appIn(harness.browser, { desktop: true }), `${harness.baseUrl}/#/pages/login/index`);
    await opened(await harness.newApp(), `${harness.baseUrl}/?code=c1&state=s1#/pages/login/index`);

    const phone = await harness.newApp();
    let asked = false;
    phone.page.on('request', (request) => {
      if (entry(request.url())) asked = true;
    });
    await stopClock(phone);
    await phone.page.goto(`${harness.baseUrl}/#/pages/login/index`, { waitUntil: 'load' });
    await phone.page.locator('#boot-login').getByPlaceholder('请输入手机号').waitFor();
    expect(asked).toBe(false);
    // A touch starts it.
    const touched = phone.page.waitForRequest((request) => entry(request.url()));
    await phone.page.locator('#boot-login').getByPlaceholder('请输入手机号').tap();
    await touched;
  });

  test('a phone browser outside the host apps shows no host entries', async () => {
    const app = await harness.newApp();
    await app.login.open();
    await app.page.getByRole('textbox', { name: '手机号' }).waitFor();
    expect(await app.page.getByRole('group', { name: '其他登录方式' }).count()).toBe(0);
  });

  test('the console signs in with 企业微信扫码登录 (a non-administrator is then told the console is not theirs)', async () => {
    const app = await appIn(harness.browser, { desktop: true });
    await app.page.goto(`${harness.baseUrl}/admin/`);
    await app.page.getByRole('button', { name: '企业微信扫码登录' }).click();
    await app.page.waitForURL((url) => url.pathname === '/wwlogin/sso/login');
    expect(new URL(app.page.url()).searchParams.get('redirect_uri')).toBe(`${harness.baseUrl}/admin/`);
    await app.page.getByRole('button', { name: '企微管理', exact: true }).click();
    await app.page.getByText('仅系统管理员可以使用管理后台').waitFor();
    await app.page.getByText(`企微后台（${consolePerson.phone.slice(0, 3)}`).waitFor();
    expect(await app.page.evaluate(() => typeof localStorage.getItem('adminToken'))).toBe('string');
    expect(new URL(app.page.url()).search).toBe('');
  });

  test('inside 钉钉 the page asks the client for an auth code and signs in (the client bridge stood in for)', async () => {
    const answer = (await (await fetch(`${lane().dingtalkStandIn}/__oauth/dingtalk/app-code?user=dd-e2e-app&corpId=ding-e2e-corp`)).json()) as { code: string };
    // 钉钉's Android client exposes its bridge as window.nuva; this one answers requestAuthCode with the stand-in's code.
    const bridge = `window.nuva = { isReady: true, require: () => (onSuccess, onFail, service, action, params) => {
      window.__dingtalkAsked = { service, action, corpId: params && params.corpId };
      if (service === 'runtime.permission' && action === 'requestAuthCode') onSuccess({ code: ${JSON.stringify(answer.code)} });
      else onFail({ errorMessage: 'not stood in for' });
    } };`;
    const app = await appIn(harness.browser, { userAgent: DINGTALK_UA, init: bridge });
    await app.page.goto(`${harness.baseUrl}/#/pages/login/index`);
    await app.waitForRoute('/pages/my/index');
    expect(await app.storage('userId')).toBe(dingtalkPerson.id);
    expect(await app.page.evaluate(() => (window as unknown as { __dingtalkAsked: unknown }).__dingtalkAsked)).toEqual({
      service: 'runtime.permission',
      action: 'requestAuthCode',
      corpId: 'ding-e2e-corp',
    });
    expect(await signInProblems()).toEqual([]);
  });
});
