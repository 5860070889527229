/**
 * Issue 25: what a phone without a network still does right — a page seen before shows after an
 * offline reload, and a logout made offline reaches the server when the connection returns.
 */
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { CHEN_JING, ZHANG_WEI } from '../support/accounts';
import { apiLogin, userInfoStatus } from '../support/api';
import { controlledByWorker, useApp, type AppPage } from '../support/app';
import { customerList } from '../support/sales-api';

const harness = useApp();

/** The user whose answers the phone keeps for offline use (IndexedDB), or null when it keeps none. */
function keptFor(app: AppPage): Promise<number | null> {
  return app.page.evaluate(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('sales-outbox');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('meta').objectStore('meta').get('query-cache');
          read.onerror = () => reject(read.error ?? new Error('IndexedDB'));
          read.onsuccess = () => {
            const saved = read.result as { userId?: number } | undefined;
            db.close();
            resolve(saved?.userId ?? null);
          };
        };
      }),
  );
}

describe('a page seen before, offline', () => {
  test('after an offline reload the customer page shows its data marked 离线数据 with the 待发送 follow-up; after logout and another user’s login nothing of the first user’s shows', async () => {
    const session = await apiLogin(ZHANG_WEI);
    // A customer no other test of 张伟 writes to (outbox.test.ts takes the first four, background-sync the seventh).
    const customer = (await customerList(session, { pageSize: 10 })).list[8];
    if (!customer) throw new Error('张伟 has fewer than 9 customers');
    const content = `离线重载 ${Date.now()}`;
    const customerPage = `pages/details/customerDetails?id=${customer.id}&tab=followups`;

    const app = await harness.newApp({ serviceWorkers: 'allow' });
    await app.signIn(ZHANG_WEI);
    await controlledByWorker(app);
    await app.open(customerPage);
    await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);
    await expect.poll(() => keptFor(app)).toBe(session.userId);

    await app.page.context().setOffline(true);
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.content().fill(content);
    await app.followUpForm.submit().tap();
    const pending = app.page.getByTestId('pending-follow-up').filter({ hasText: content });
    await pending.waitFor();

    await app.page.reload();
    await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);
    await expect.poll(() => app.page.getByTestId('offline-data').textContent()).toMatch(/^离线数据 · 更新于 \d{2}:\d{2}$/);
    await pending.waitFor();
    expect(await app.page.getByTestId('page-load-error').count()).toBe(0);

    // Logout (still offline): nothing of 张伟's stays kept for the next person.
    await app.goInApp('pages/my/setting');
    await app.waitForTitle('设置');
    await app.setting.logout();
    await app.waitForRoute('/pages/login/index');
    await expect.poll(() => keptFor(app)).toBeNull();

    // 陈静 (another site) signs in on this phone, sees a page, goes offline and opens 张伟's customer.
    await app.page.context().setOffline(false);
    const chen = await app.signIn(CHEN_JING);
    await app.open('pages/details/allCustomers');
    await app.page.getByTestId('customer-item').first().waitFor();
    await expect.poll(() => keptFor(app)).toBe(chen.userId);
    await app.page.context().setOffline(true);
    await app.open(customerPage);
    await app.waitForTitle('客户详情');
    await app.page.getByTestId('offline-notice').waitFor();
    await app.settled();
    const shown = (await app.page.locator('#root').textContent()) ?? '';
    expect(shown).not.toContain(customer.name);
    expect(shown).not.toContain(content);
  });
});

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
