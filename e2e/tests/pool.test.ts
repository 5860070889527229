/**
 * 公海客户 (issue 27 §2) at 390×844: a salesperson claims from the pool up to the site's daily cap
 * and is refused past it with the numbers; a leader selects a pool customer and assigns it to a
 * member, past the member's 拥有上限 with a reason; the owner releases a customer with a reason and finds it in the pool. Axe on the pages.
 */
import type { PoolPage } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin, endpointData, setPoolRules, type Session } from '../support/api';
import { useApp, type AppPage } from '../support/app';
import { PHONE_VIEWPORT } from '../support/chromium';
import { axeViolations } from '../support/layout';
import { SITE_101 } from '../support/sales-api';

const harness = useApp();
const NO_RULES = { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null };

let zhang: Session;
let li: Session;

/** Makes sure the pool of 101 holds at least `count` customers: 张伟 releases some of his own through the API. */
async function poolOfAtLeast(count: number): Promise<PoolPage> {
  const pool = await endpointData(li, ROUTES.poolList, { siteId: SITE_101, page: 1, pageSize: 20 });
  if (pool.total >= count) return pool;
  const mine = await endpointData(zhang, ROUTES.customerList, { siteId: SITE_101, page: 1, pageSize: count - pool.total, hasOrders: false, sort: 'createdAt' });
  for (const customer of mine.list) await endpointData(zhang, ROUTES.poolRelease, { siteId: SITE_101, customerId: customer.id, reason: 'e2e 准备公海客户' });
  return endpointData(li, ROUTES.poolList, { siteId: SITE_101, page: 1, pageSize: 20 });
}

async function openPool(app: AppPage): Promise<void> {
  await app.waitForTitle('公海客户');
  await app.page.getByTestId('pool-item').first().waitFor();
  await app.page.getByTestId('pool-rules').waitFor();
}

beforeAll(async () => {
  zhang = await apiLogin(ZHANG_WEI);
  li = await apiLogin(LI_NA);
});

afterAll(async () => {
  await setPoolRules(SITE_101, NO_RULES);
});

describe('公海客户', () => {
  test('张伟 claims from the pool up to 每日领取上限 and is refused past it with the numbers', async () => {
    await poolOfAtLeast(3);
    const before = await endpointData(zhang, ROUTES.poolRules, { siteId: SITE_101 });
    const today = before.usage?.claimedToday ?? 0;
    const cap = today + 2;
    await setPoolRules(SITE_101, { ...NO_RULES, dailyClaimLimit: cap });

    const app = await harness.newApp({ bypassCSP: true, viewport: PHONE_VIEWPORT });
    await app.signIn(ZHANG_WEI);
    // From 我的.
    await app.page.getByText('公海客户', { exact: true }).tap();
    await app.waitForRoute('/pages/details/customerPool');
    await openPool(app);
    await expect.poll(async () => (await app.page.getByTestId('pool-usage').textContent())?.trim()).toContain(`今日已领取 ${today}/${cap}`);
    expect(await axeViolations(app.page)).toEqual([]);

    for (let claimed = 1; claimed <= 2; claimed += 1) {
      const row = app.page.getByTestId('pool-item').first();
      const name = (await row.getByTestId('pool-name').textContent())?.trim() ?? '';
      const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.poolClaim);
      await row.getByTestId('pool-claim').tap();
      expect((await answered).status()).toBe(200);
      await app.waitForToast(`已领取「${name}」`);
      // The row leaves the pool, and the usage counts the claim.
      await expect.poll(async () => (await app.page.getByTestId('pool-name').allTextContents()).map((text) => text.trim())).not.toContain(name);
      await expect.poll(async () => (await app.page.getByTestId('pool-usage').textContent())?.trim()).toContain(`今日已领取 ${today + claimed}/${cap}`);
    }

    const row = app.page.getByTestId('pool-item').first();
    const name = (await row.getByTestId('pool-name').textContent())?.trim() ?? '';
    const refused = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.poolClaim);
    await row.getByTestId('pool-claim').tap();
    expect((await refused).status()).toBe(409);
    const message = `今日已领取 ${cap}/${cap}（每日领取上限）`;
    await expect.poll(async () => (await app.page.getByTestId('pool-refusal').textContent())?.trim()).toContain(message);
    await app.waitForToast(message);
    // Still in the pool.
    expect((await app.page.getByTestId('pool-name').allTextContents()).map((text) => text.trim())).toContain(name);
    // Axe on the page with the refusal shown, once the toast over it (and its fade) is gone.
    await app.page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await app.settled();
    expect(await axeViolations(app.page)).toEqual([]);
    await setPoolRules(SITE_101, NO_RULES);
  });

  test('李娜 selects a pool customer from 客户列表’s link and assigns it to 张伟, past his 拥有上限 with a reason', async () => {
    await poolOfAtLeast(1);
    const owned = (await endpointData(zhang, ROUTES.poolRules, { siteId: SITE_101 })).usage?.owned ?? 0;
    await setPoolRules(SITE_101, { ...NO_RULES, ownLimit: owned });
    const app = await harness.newApp({ bypassCSP: true, viewport: PHONE_VIEWPORT });
    await app.signIn(LI_NA);
    await app.open('pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    await app.page.getByTestId('customer-pool-link').tap();
    await app.waitForRoute('/pages/details/customerPool');
    await openPool(app);
    expect(await app.page.getByTestId('pool-claim').count()).toBe(0);

    const row = app.page.getByTestId('pool-item').first();
    const name = (await row.getByTestId('pool-name').textContent())?.trim() ?? '';
    await row.getByTestId('pool-select').tap();
    await expect.poll(async () => (await app.page.getByTestId('pool-assign').textContent())?.replace(/\s/g, '')).toBe('分配（1）');
    expect(await axeViolations(app.page)).toEqual([]);
    await app.page.getByTestId('pool-assign').tap();
    const sheet = app.page.getByTestId('pool-assign-sheet');
    await sheet.waitFor();
    await sheet.getByTestId('staff-option').filter({ has: app.page.locator('.staff-picker__name').filter({ hasText: '张伟' }) }).first().tap();

    // His cap refuses, with the numbers; the override needs a reason.
    const refused = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.poolAssign);
    await sheet.getByTestId('pool-assign-confirm').tap();
    expect((await refused).status()).toBe(409);
    await expect.poll(async () => (await sheet.getByTestId('pool-assign-refusal').textContent())?.trim()).toBe(`张伟已拥有 ${owned}/${owned}（拥有上限），再分配 1 位将超出`);
    expect(await sheet.getByTestId('pool-override-confirm').isDisabled()).toBe(true);
    await sheet.getByTestId('pool-override-reason').locator('textarea').fill('接手离职同事的片区');
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.poolAssign);
    await sheet.getByTestId('pool-override-confirm').tap();
    expect((await answered).status()).toBe(200);
    await app.waitForToast('已分配 1 位客户给 张伟');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(async () => (await app.page.getByTestId('pool-name').allTextContents()).map((text) => text.trim())).not.toContain(name);
    const mine = await endpointData(zhang, ROUTES.customerList, { siteId: SITE_101, page: 1, pageSize: 5, keyword: name });
    expect(mine.list.map((customer) => customer.name)).toContain(name);
    await setPoolRules(SITE_101, NO_RULES);
  });

  test('张伟 releases his customer with a reason on 客户详情, and it shows in the pool with the reason', async () => {
    // One without orders, which no other test of the run looks for.
    const mine = await endpointData(zhang, ROUTES.customerList, { siteId: SITE_101, page: 1, pageSize: 1, hasOrders: false, sort: 'createdAt' });
    const customer = mine.list[0];
    if (!customer) throw new Error('张伟 has no customer');
    const reason = `店铺转让（e2e ${Date.now() % 100000}）`;
    const app = await harness.newApp({ bypassCSP: true, viewport: PHONE_VIEWPORT });
    await app.signIn(ZHANG_WEI);
    await app.open('pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    await app.goInApp(`pages/details/customerDetails?id=${customer.id}`);
    await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);
    await app.page.getByTestId('customer-release').tap();
    const sheet = app.page.getByTestId('pool-release-sheet');
    await sheet.waitFor();
    expect(await sheet.getByTestId('pool-release-confirm').isDisabled()).toBe(true);
    await sheet.getByTestId('pool-release-reason').locator('textarea').fill(reason);
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.poolRelease);
    await sheet.getByTestId('pool-release-confirm').tap();
    expect((await answered).status()).toBe(200);
    await app.waitForToast('已放弃到公海');
    // No longer his: the page goes back.
    await app.page.waitForURL((url) => !url.hash.includes('customerDetails'));

    await app.open(`pages/details/customerPool?keyword=${encodeURIComponent(customer.name)}`);
    await openPool(app);
    const row = app.page.getByTestId('pool-item').filter({ has: app.page.getByTestId('pool-name').filter({ hasText: customer.name }) }).first();
    await expect.poll(async () => (await row.getByTestId('pool-left').textContent())?.trim()).toContain(`前负责人 张伟`);
    expect((await row.getByTestId('pool-left').textContent())?.trim()).toContain(`放弃（${reason}）`);
  });
});
