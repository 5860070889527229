import type { Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { LI_NA, LIU_YANG, UNKNOWN_PHONE, WANG_QIANG, ZHANG_WEI } from '../support/accounts';
import { apiLogin, latestSmsCode, userInfoStatus } from '../support/api';
import { useApp } from '../support/app';

const harness = useApp();

describe('login', () => {
  test('a protected page opened logged out goes to login with a redirect, and login returns to it', async () => {
    const app = await harness.newApp();
    await app.open('pages/my/setting?from=e2e');

    const atLogin = await app.waitForRoute('/pages/login/index');
    expect(atLogin.query.get('redirect')).toBe('/pages/my/setting?from=e2e');
    expect(await app.storage('token')).toBeNull();
    await app.waitForTitle('登录');

    await app.login.loginAs(LIU_YANG);
    const landed = await app.waitForRoute('/pages/my/setting');
    expect(landed.query.get('from')).toBe('e2e');
    await app.waitForTitle('设置');
    await expect.poll(() => app.navBar.title().textContent()).toBe('设置');

    expect(typeof (await app.storage('token'))).toBe('string');
    expect(await app.storage('userId')).toBe(4);
    expect(await app.storage('userInfo')).toMatchObject({ username: '刘洋', reportAllSites: true });
    expect(await app.storage('currentSite')).toMatchObject({ departmentName: '华南大区', isLeader: false });
    expect(await app.storage('permissionData')).toMatchObject({ isShowIndex: true, isSalesperson: true, isManySite: false, reportAllSites: true });
  });

  test.each([
    ['protocol-relative', '//evil.example/pages/my/setting'],
    ['absolute', 'https://evil.example/'],
  ])('an external redirect (%s) is ignored: login lands inside the app', async (_kind, redirect) => {
    const app = await harness.newApp();
    await app.login.open(redirect);
    await app.login.loginAs(ZHANG_WEI);

    // 张伟 may not see home, so a login without a usable redirect lands on his page.
    await app.waitForRoute('/pages/my/index');
    expect(new URL(app.page.url()).origin).toBe(app.baseUrl);
    await app.page.getByText('张伟', { exact: true }).waitFor();
  });

  test('login is refused with a toast until the agreement is ticked', async () => {
    const app = await harness.newApp();
    const logins: Request[] = [];
    app.page.on('request', (request) => {
      if (request.url().includes('/seller/user/v2/login')) logins.push(request);
    });
    await app.login.open();
    await app.login.loginWithPassword(LI_NA.phone, 'Demo@2025', { agree: false });

    await app.waitForToast('请先阅读并同意《用户协议》和《隐私政策》');
    expect(app.route().path).toBe('/pages/login/index');
    expect(logins).toHaveLength(0);
    expect(await app.storage('token')).toBeNull();

    // Ticked, the same form logs in.
    await app.login.tickAgreement();
    await app.login.submit().tap();
    await app.waitForRoute('/pages/index/index');
    expect(logins).toHaveLength(1);
  });

  test('the keyboard alone logs in: Tab reaches the agreement as a checkbox with its name, Space ticks it, Enter submits', async () => {
    const app = await harness.newApp();
    await app.login.open();
    const agreement = app.page.getByRole('checkbox', { name: '同意用户协议和隐私政策' });
    expect(await agreement.isChecked()).toBe(false);
    await app.login.phone().fill(LI_NA.phone);
    await app.login.password().fill('Demo@2025');
    // Typing loads the app, which takes the page over and focuses the password again: Tab is
    // pressed once that has happened (pressed in between, it would start from the page's top).
    await app.page.locator('#boot-login').waitFor({ state: 'detached' });
    await expect.poll(() => app.login.password().evaluate((input) => input === document.activeElement)).toBe(true);
    // From the password field, the next stop is the agreement, not one of its links.
    await app.page.keyboard.press('Tab');
    expect(await agreement.evaluate((input) => input === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Space');
    await app.page.locator('.adm-checkbox.adm-checkbox-checked').waitFor();
    expect(await agreement.isChecked()).toBe(true);
    await app.login.password().press('Enter');
    await app.waitForRoute('/pages/index/index');
  });

  test('a wrong password shows the server message and stays on login', async () => {
    const app = await harness.newApp();
    await app.login.open();
    const answer = app.page.waitForResponse((response) => response.url().includes('/seller/user/v2/login'));
    // A phone with no account, so no demo account's password-guess budget is spent.
    await app.login.loginWithPassword(UNKNOWN_PHONE, 'Wrong@12345');

    const response = await answer;
    expect(response.status()).toBe(400);
    await app.waitForToast('手机号或密码错误');
    expect(app.route().path).toBe('/pages/login/index');
    expect(await app.storage('token')).toBeNull();
  });

  test('code login end to end: code request, countdown, a wrong code, then the right one', async () => {
    const app = await harness.newApp();
    await app.login.open();
    const askedAt = Date.now();
    await app.login.requestCode(LI_NA.phone);

    const atEnterCode = await app.waitForRoute('/pages/login/enterCode');
    expect(atEnterCode.query.get('phone')).toBe(LI_NA.phone);
    await app.waitForTitle('输入验证码');
    await expect.poll(async () => (await app.enterCode.hint().textContent())?.trim()).toBe('验证码已发送至 138****0002');
    const countdown = (await app.enterCode.countdown().textContent())?.trim() ?? '';
    const match = /^(\d+)s后重新获取$/.exec(countdown);
    expect(match, countdown).not.toBeNull();
    // A 60 s countdown, less the whole seconds this test has taken since it asked (a busy machine may take several).
    const elapsed = Math.ceil((Date.now() - askedAt) / 1000);
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(60 - elapsed - 1);
    expect(Number(match?.[1])).toBeLessThanOrEqual(60);

    const code = await latestSmsCode(LI_NA.phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';

    await app.enterCode.type(wrong);
    await app.waitForToast('验证码错误，请重新输入');
    expect(app.route().path).toBe('/pages/login/enterCode');
    await expect.poll(() => app.enterCode.input().inputValue()).toBe('');

    await app.enterCode.type(code);
    // 李娜 leads 华东一部, so she lands on home.
    await app.waitForRoute('/pages/index/index');
    await app.page.getByText(/李娜$/).waitFor();
    expect(await app.storage('userInfo')).toMatchObject({ username: '李娜', teamReportAuth: true });
    expect(await app.storage('permissionData')).toMatchObject({ isReport: true, isShowIndex: true });
  });

  test('logout from 设置 confirms in a dialog, ends the server session and clears the stored session', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(WANG_QIANG);
    await app.open('pages/my/setting');
    await app.waitForTitle('设置');

    await app.setting.logout();
    await app.waitForRoute('/pages/login/index');
    await app.login.phone().waitFor();

    for (const key of ['token', 'userInfo', 'currentSite', 'permissionData'] as const) {
      expect(await app.storage(key), key).toBeNull();
    }
    // Kept: they are not part of the session.
    expect(await app.storage('buildTime')).toBe('2025-10-31');
    expect(typeof (await app.storage('__DC_STAT_UUID'))).toBe('string');
    // The server no longer accepts the token.
    await expect.poll(() => userInfoStatus(session.token, session.userId)).toBe(401);

    // And a protected page now sends the user back to login.
    await app.open('pages/my/index');
    const again = await app.waitForRoute('/pages/login/index');
    expect(again.query.get('redirect')).toBe('/pages/my/index');
  });

  /** Opens 我的 signed out with the app's scripts held back: the page must already be there without them. */
  async function openHeldBack() {
    const app = await harness.newApp();
    const release = await app.holdApp();
    await app.page.goto(app.url('pages/my/index'), { waitUntil: 'commit' });
    return { app, release, prerendered: app.page.locator('#boot-login') };
  }

  test('the login page shows from the HTML before the app has loaded, and what was typed into it is kept', async () => {
    const { app, release, prerendered } = await openHeldBack();
    await prerendered.getByPlaceholder('请输入手机号').fill(LI_NA.phone);
    await prerendered.getByPlaceholder('请输入密码').fill('Demo@20');
    await expect.poll(() => app.page.evaluate(() => document.title)).toBe('销售助手');
    release();

    // The app takes over on the login page with the redirect the shell gives, keeping the typing and the focus.
    const atLogin = await app.waitForRoute('/pages/login/index');
    expect(atLogin.query.get('redirect')).toBe('/pages/my/index');
    await prerendered.waitFor({ state: 'detached' });
    await app.page.keyboard.type('25');
    expect(await app.page.getByPlaceholder('请输入手机号').inputValue()).toBe(LI_NA.phone);
    expect(await app.page.getByPlaceholder('请输入密码').inputValue()).toBe('Demo@2025');
    await app.page.locator('.adm-checkbox-icon').first().click();
    await app.page.getByRole('button', { name: '登录', exact: true }).click();
    await app.waitForRoute('/pages/my/index');
  });

  test('登录 tapped on the HTML copy before the app has loaded does not reload the page: the app logs in with it', async () => {
    const { app, release, prerendered } = await openHeldBack();
    await prerendered.getByPlaceholder('请输入手机号').fill(LI_NA.phone);
    await prerendered.getByPlaceholder('请输入密码').fill('Demo@2025');
    await prerendered.locator('.adm-checkbox-icon').click();
    await prerendered.getByRole('button', { name: '登录', exact: true }).click();
    expect(app.route().path).toBe('/pages/my/index');
    release();
    await app.waitForRoute('/pages/my/index');
    await app.page.getByText('李娜', { exact: true }).waitFor();
    expect(typeof (await app.storage('token'))).toBe('string');
  });
  test('a session stored before the app has loaded (a sign-in in another tab) opens the page, not the login copy', async () => {
    const session = await apiLogin(LI_NA);
    const app = await harness.newApp();
    const release = await app.holdApp();
    await app.page.goto(app.url('pages/my/index'), { waitUntil: 'commit' });
    await app.page.locator('#boot-login').getByPlaceholder('请输入手机号').waitFor();
    await app.page.evaluate(({ token, userId }) => {
      window.localStorage.setItem('token', JSON.stringify(token));
      window.localStorage.setItem('userId', JSON.stringify(userId));
    }, session);
    release();

    await app.tabBar.root().waitFor();
    expect(app.route().path).toBe('/pages/my/index');
    await app.page.getByText('李娜', { exact: true }).waitFor();
    expect(await app.page.locator('#boot-login').count()).toBe(0);
  });
});
