/**
 * Issue 25: what a phone without a network still does right — a logout made offline reaches the
 * server when the connection returns.
 */
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { ZHANG_WEI } from '../support/accounts';
import { userInfoStatus } from '../support/api';
import { useApp } from '../support/app';

const harness = useApp();

describe('logout without a network', () => {
  test('the phone forgets the session at once; once the connection returns the server ends it and the old token gets 401', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(ZHANG_WEI);
    await app.open('pages/my/setting');
    await app.waitForTitle('设置');

    await app.page.context().setOffline(true);
    await app.setting.logout();
    await app.waitForRoute('/pages/login/index');
    expect(await app.storage('token')).toBeNull();
    // The server has not heard of it yet.
    expect(await userInfoStatus(session.token, session.userId)).toBe(200);

    const told = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.userLogout && response.request().headers().authorization === session.token);
    await app.page.context().setOffline(false);
    expect((await told).status()).toBe(200);
    expect(await userInfoStatus(session.token, session.userId)).toBe(401);
  });
});
