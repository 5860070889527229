import { describe, expect, test } from 'vitest';
import { WANG_QIANG, ZHANG_WEI } from '../support/accounts';
import { useApp } from '../support/app';
import { PHONE_VIEWPORT } from '../support/chromium';
import { CONTROL_SELECTOR, layoutReport } from '../support/layout';

const harness = useApp();

describe('current-site badge', () => {
  test('reads 当前站点： and the site, sits at right 0 / top 160, and snaps to the left edge after a drag', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    // 手机号 has no control at the badge's resting place (设置 has one there: see the next test).
    await app.open('pages/my/viewPhone');
    await app.waitForTitle('手机号');
    await app.page.getByTestId('current-phone').waitFor();
    await app.settled();

    const badge = app.badge.root();
    await badge.waitFor();
    expect((await badge.textContent())?.trim()).toBe('当前站点：华东一部');
    const start = await app.badge.box();
    expect(start.y).toBeCloseTo(160, 0);
    expect(start.x + start.width).toBeCloseTo(PHONE_VIEWPORT.width, 0);

    // A drag towards the left half and down: released, it settles against the left edge.
    await app.badge.drag(-(PHONE_VIEWPORT.width - 120), 200);
    await expect.poll(async () => (await app.badge.box()).x).toBeCloseTo(0, 0);
    const dropped = await app.badge.box();
    expect(dropped.y).toBeGreaterThan(start.y + 150);
    expect(dropped.y).toBeLessThan(start.y + 250);
    await expect.poll(() => badge.getAttribute('class')).toContain('site-badge--left');
    // A drag is not a tap: no switcher opened.
    expect(await app.badge.sheet().count()).toBe(0);
    await app.screenshot('badge-snapped-left');

    // Dragged back past the middle, it snaps to the right edge again.
    await app.badge.drag(PHONE_VIEWPORT.width - 100, 0);
    await expect.poll(async () => {
      const box = await app.badge.box();
      return Math.round(box.x + box.width);
    }).toBe(PHONE_VIEWPORT.width);
  });

  test('steps aside from a control at its resting place; a dragged place is kept on every page for the session', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await app.open('pages/my/setting');
    await app.waitForTitle('设置');
    await app.page.getByText('修改密码', { exact: true }).waitFor();
    await app.badge.root().waitFor();
    await app.settled();

    // On 设置 a row (a link) lies at right 0 / top 160: the badge rests against the right edge, off it.
    const controlAtRest = await app.page.evaluate(
      ({ x, y, controls }) => document.elementsFromPoint(x, y).some((element) => element.matches(controls) && !element.closest('[data-testid=site-badge]')),
      { x: PHONE_VIEWPORT.width - 20, y: 174, controls: CONTROL_SELECTOR },
    );
    expect(controlAtRest, 'a control at the resting place').toBe(true);
    const rest = await app.badge.box();
    expect(rest.x + rest.width).toBeCloseTo(PHONE_VIEWPORT.width, 0);
    expect(Math.round(rest.y)).not.toBe(160);
    expect((await layoutReport(app.page)).underBadge).toEqual([]);
    expect(await app.page.evaluate(() => window.sessionStorage.getItem('site-badge-place'))).toBeNull();

    // Dragged to the left edge lower down, it stays there, on this page and the next, and after a reload.
    await app.badge.drag(-(PHONE_VIEWPORT.width - 120), 300 - rest.y);
    await expect.poll(async () => (await app.badge.box()).x).toBeCloseTo(0, 0);
    const dragged = await app.badge.box();
    expect(await app.page.evaluate(() => JSON.parse(window.sessionStorage.getItem('site-badge-place') ?? 'null'))).toEqual({ side: 'left', top: dragged.y });
    for (const [route, title] of [
      ['pages/order/index', '订单管理'],
      ['pages/my/viewPhone', '手机号'],
    ] as const) {
      await app.open(route);
      await app.waitForTitle(title);
      await app.badge.root().waitFor();
      await app.settled();
      expect(await app.badge.box(), route).toEqual(dragged);
    }
    await app.page.reload();
    await app.badge.root().waitFor();
    await app.settled();
    expect(await app.badge.box()).toEqual(dragged);

    // Another session starts from the spec's place again.
    const other = await harness.newApp();
    await other.signIn(WANG_QIANG);
    await other.open('pages/my/viewPhone');
    await other.page.getByTestId('current-phone').waitFor();
    await other.badge.root().waitFor();
    await other.settled();
    const fresh = await other.badge.box();
    expect(fresh.y).toBeCloseTo(160, 0);
    expect(fresh.x + fresh.width).toBeCloseTo(PHONE_VIEWPORT.width, 0);
  });

  test('a tap opens the site switcher for 王强, and choosing a site changes the badge and storage', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await app.open('pages/my/index');
    await app.waitForTitle('我的');
    const sheet = await app.badge.openSwitcher();
    const choices = (await app.badge.choices().locator('.adm-action-sheet-button-item-name').allTextContents()).map((text) => text.trim());
    expect(choices).toEqual(WANG_QIANG.sites);
    await app.screenshot('badge-switcher');

    await app.badge.choices().filter({ hasText: '华南大区' }).tap();
    await expect.poll(async () => (await app.badge.root().textContent())?.trim()).toBe('当前站点：华南大区');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => app.storage('currentSite')).toMatchObject({ departmentId: 201, departmentName: '华南大区', isLeader: false });
    await expect.poll(() => app.storage('permissionData')).toMatchObject({ isSalesperson: true, isManySite: true });

    // The choice survives a reload (and the user-info refresh that comes with it).
    await app.page.reload();
    await app.badge.root().waitFor();
    await expect.poll(async () => (await app.badge.root().textContent())?.trim()).toBe('当前站点：华南大区');
  });

  test('hidden on home and weekly-report pages, shown elsewhere', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    const pages = [
      { route: '', title: '首页', badge: false },
      { route: 'pages/order/index', title: '订单管理', badge: true },
      { route: 'pages/index/index', title: '首页', badge: false },
      { route: 'pages/details/allCustomers', title: '客户列表', badge: true },
      { route: 'pages/weeklyReport/index', title: '周报', badge: false },
      { route: 'pages/my/index', title: '我的', badge: true },
      { route: 'pages/weeklyReport/index%20copy', title: '周报', badge: false },
      { route: 'pages/order/index11', title: '关于', badge: true },
      { route: 'pages/weeklyReport/salespersonPage', title: '业务员', badge: false },
    ];
    for (const { route, title, badge } of pages) {
      await app.open(route);
      await app.waitForTitle(title);
      await app.page.locator('.page__body').first().waitFor();
      await expect.poll(() => app.badge.root().count(), { message: route || '/' }).toBe(badge ? 1 : 0);
    }
  });

  test('张伟 has one site: a tap opens no switcher', async () => {
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    const badge = app.badge.root();
    await badge.waitFor();
    expect((await badge.textContent())?.trim()).toBe('当前站点：华东一部');

    await app.badge.tap();
    // Then a tap on a tab: had the badge opened a sheet, its mask would take this tap and the
    // route would not change. Once it has changed, anything the badge's tap rendered is on screen.
    await app.tabBar.tap('订单');
    await app.waitForRoute('/pages/order/index');
    await app.settled();
    expect(await app.badge.sheet().count()).toBe(0);
    expect(await app.page.locator('.adm-popup').count()).toBe(0);
  });
});
