import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, WANG_QIANG, ZHANG_WEI } from '../support/accounts';
import { useApp } from '../support/app';

const harness = useApp();

const ALL_TABS = ['首页', '我的周报', '订单', '我的'];

describe('tab bar', () => {
  test.each(DEMO_ACCOUNTS.map((account) => [account.name, account] as const))('%s: tabs after a login through the form', async (_name, account) => {
    const app = await harness.newApp();
    await app.login.open();
    await app.login.loginAs(account);

    await app.waitForRoute(account.seesHome ? '/pages/index/index' : '/pages/my/index');
    await app.tabBar.root().waitFor();
    const expected = account.seesHome ? ALL_TABS : ALL_TABS.filter((label) => label !== '首页');
    expect(await app.tabBar.labels()).toEqual(expected);
    expect(await app.tabBar.items().count()).toBe(expected.length);
    expect(await app.tabBar.activeLabel()).toBe(account.seesHome ? '首页' : '我的');
    expect(await app.storage('permissionData')).toMatchObject({ isShowIndex: account.seesHome, isManySite: account.sites.length > 1 });
    expect(await app.storage('currentSite')).toMatchObject({ departmentName: account.sites[0] });
  });

  test('张伟 opening home is sent to his page', async () => {
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    for (const route of ['', 'pages/index/index']) {
      await app.open('pages/order/index');
      await app.waitForTitle('订单管理');
      await app.open(route);
      await app.waitForRoute('/pages/my/index');
      await app.waitForTitle('我的');
      expect(await app.tabBar.activeLabel()).toBe('我的');
    }
  });

  test('tapping tabs stores the index, replaces the page and the active tab follows the route', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await app.open('pages/my/index');
    await app.waitForTitle('我的');
    const historyLength = await app.page.evaluate(() => window.history.length);

    const steps = [
      { label: '订单', index: 2, path: '/pages/order/index', title: '订单管理' },
      { label: '我的周报', index: 1, path: '/pages/weeklyReport/index', title: '周报' },
      { label: '首页', index: 0, path: '/pages/index/index', title: '首页' },
      { label: '我的', index: 3, path: '/pages/my/index', title: '我的' },
    ];
    for (const step of steps) {
      await app.tabBar.tap(step.label);
      await app.waitForRoute(step.path);
      await app.waitForTitle(step.title);
      expect(await app.storage('app-tabbar-index'), step.label).toBe(step.index);
      await expect.poll(() => app.tabBar.activeLabel()).toBe(step.label);
    }
    // Tab switches redirect: no history entries were added.
    expect(await app.page.evaluate(() => window.history.length)).toBe(historyLength);

    // The active tab derives from the route, also for pages laid out as a tab.
    const routed = [
      { route: 'pages/order/index11', label: '订单', title: '关于' },
      { route: 'pages/weeklyReport/index%20copy', label: '我的周报', title: '周报' },
      { route: '', label: '首页', title: '首页' },
      { route: 'pages/order/index', label: '订单', title: '订单管理' },
    ];
    for (const step of routed) {
      await app.open(step.route);
      await app.waitForTitle(step.title);
      await expect.poll(() => app.tabBar.activeLabel(), { message: step.route }).toBe(step.label);
    }
  });
});
