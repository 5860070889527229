/**
 * Issue 26 §3 on the phone (390×844): 华南大区's leader 朱刚 switches to 广州一部, below his site, as
 * its leader and sees its figures; 华南大区's 部门销售业绩 rolls 广州一部's up; a new site below his, with no
 * customers of its own, says where they are and switches there.
 */
import { formatMoney } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { OUYANG_CHEN, ZHAO_MIN, ZHU_GANG } from '../support/accounts';
import { apiLogin, call } from '../support/api';
import { useApp } from '../support/app';
import { homeDashboard, siteFigures } from '../support/performance-api';
import { waitForPerformanceCall } from '../support/performance-pages';

const harness = useApp();
const SITE_201 = 201;
const SITE_202 = 202;
const NEW_SITE = '东莞一部';

/** 朱刚 signed in on 我的, with the site badge's switcher open. */
async function openSiteSwitcherAsZhuGang() {
  const app = await harness.newApp();
  await app.signIn(ZHU_GANG);
  await app.open('pages/my/index');
  await app.waitForTitle('我的');
  await app.badge.openSwitcher();
  return app;
}

describe('a leader of a parent site', () => {
  test('朱刚 switches to 广州一部 as its leader and sees its figures on home', async () => {
    const zhu = await apiLogin(ZHU_GANG);
    const child = await homeDashboard(zhu, SITE_202);
    // The child's own leader sees the same figures: 朱刚 reads it as if he led it.
    expect((await homeDashboard(await apiLogin(OUYANG_CHEN), SITE_202)).monthSales).toEqual(child.monthSales);
    expect(child.monthSales.orderAmount).toBeGreaterThan(0);

    const app = await openSiteSwitcherAsZhuGang();
    const choices = (await app.badge.choices().locator('.adm-action-sheet-button-item-name').allTextContents()).map((text) => text.trim());
    expect(choices).toEqual(ZHU_GANG.sites);

    await app.badge.choices().filter({ hasText: '广州一部' }).tap();
    await expect.poll(async () => (await app.badge.root().textContent())?.trim()).toBe('当前站点：广州一部');
    await expect.poll(() => app.storage('currentSite')).toMatchObject({ departmentId: SITE_202, departmentName: '广州一部', isLeader: true });
    await expect.poll(() => app.storage('permissionData')).toMatchObject({ isSalesperson: false, isManySite: true });

    const homeCall = waitForPerformanceCall(app.page, 'performance/home', (body) => body.siteId === SITE_202);
    await app.open('pages/index/index');
    await app.waitForTitle('首页');
    expect((await homeCall).status()).toBe(200);
    await expect.poll(() => app.home.monthAmount().textContent()).toBe(formatMoney(child.monthSales.orderAmount));
    await app.screenshot('tree-leader-child-home');
  });

  test('华南大区’s 部门销售业绩 includes 广州一部’s figures and people', async () => {
    const zhu = await apiLogin(ZHU_GANG);
    const parent = await siteFigures(zhu, 'month', SITE_201);
    const child = await siteFigures(zhu, 'month', SITE_202);
    // The parent's members are its own and the child's; their rows hold the child's sales.
    const childIds = new Set(child.members.map((row) => row.member.id));
    const childInParent = parent.members.filter((row) => childIds.has(row.member.id)).reduce((sum, row) => sum + Math.round(row.figures.orderAmount * 100), 0);
    expect(childInParent).toBe(Math.round(child.figures.current.orderAmount * 100));
    expect(parent.figures.current.orderAmount).toBeGreaterThanOrEqual(child.figures.current.orderAmount);

    const app = await harness.newApp();
    await app.signIn(ZHU_GANG);
    const siteCall = waitForPerformanceCall(app.page, 'performance/site', (body) => body.siteId === SITE_201 && body.period === 'month');
    await app.open('pages/index/departmentalSalesPerformance');
    await app.waitForTitle('部门销售业绩');
    expect((await siteCall).status()).toBe(200);
    await expect.poll(() => app.page.getByTestId('site-figures-orderAmount-value').textContent()).toBe(formatMoney(parent.figures.current.orderAmount));
    for (const name of ['司马琳', '上官岚', '诸葛彤']) await expect.poll(() => app.page.getByText(name, { exact: true }).count(), { message: name }).toBeGreaterThan(0);
    await app.screenshot('tree-parent-departmental');
  });

  test('a new department’s empty 客户列表 says the customers are kept at their own sites, and 切换站点 there opens 广州一部’s', async () => {
    // The administrator opens 东莞一部 under 华南大区: 朱刚 leads it at once, and nobody has moved in.
    const admin = await apiLogin(ZHAO_MIN);
    const created = await call('POST', ROUTES.adminSiteCreate, { token: admin.token, body: { name: NEW_SITE, region: '华南', parentId: SITE_201 } });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const siteId = (created.body.data as { id: number }).id;
    try {
      const app = await openSiteSwitcherAsZhuGang();
      await app.badge.choices().filter({ hasText: NEW_SITE }).tap();
      await expect.poll(async () => (await app.badge.root().textContent())?.trim()).toBe(`当前站点：${NEW_SITE}`);
      // The switcher closes (its animation) before the list's 切换站点 opens it again.
      await app.badge.sheet().waitFor({ state: 'hidden' });

      await app.open('pages/details/allCustomers');
      await app.waitForTitle('客户列表');
      const empty = app.page.getByTestId('customer-list').getByTestId('list-empty');
      await expect.poll(() => empty.textContent()).toContain('客户记在所属站点下，其他站点的客户请切换站点查看');
      await app.screenshot('tree-empty-site-customers');

      await app.page.getByTestId('empty-switch-site').tap();
      await app.badge.sheet().waitFor();
      await app.badge.choices().filter({ hasText: '广州一部' }).tap();
      await expect.poll(async () => (await app.badge.root().textContent())?.trim()).toBe('当前站点：广州一部');
      await expect.poll(() => app.customers.cards().count()).toBeGreaterThan(0);
      expect(await empty.count()).toBe(0);
    } finally {
      // Archived, it leaves 朱刚's sites as the other files know them.
      const archived = await call('POST', ROUTES.adminSiteArchive, { token: admin.token, body: { id: siteId } });
      expect(archived.body.code, JSON.stringify(archived.body)).toBe(200);
    }
  });
});
