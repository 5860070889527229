import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CHEN_JING, WANG_QIANG } from '../support/accounts';
import { type AppPage, useApp } from '../support/app';

const harness = useApp();

describe('navigation bar back button', () => {
  test('with one page in the history it goes to /', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    const tab = await harness.newTab(app);
    await tab.open('pages/my/setting');
    await tab.waitForTitle('设置');
    expect(await tab.page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx)).toBe(0);

    await tab.navBar.back().tap();
    await tab.waitForRoute('/');
    await tab.waitForTitle('首页');
    await tab.page.getByRole('navigation', { name: '功能入口' }).waitFor();
  });

  test('otherwise it goes back, page by page, each showing its own content', async () => {
    const app = await harness.newApp();
    await app.signIn(CHEN_JING);
    const tab = await harness.newTab(app);
    await tab.open('pages/my/index');
    await tab.waitForTitle('我的');

    await tab.page.getByText('设置', { exact: true }).tap();
    await tab.waitForRoute('/pages/my/setting');
    await tab.waitForTitle('设置');
    await tab.page.getByText('关于', { exact: true }).tap();
    await tab.waitForRoute('/pages/order/index11');
    await tab.page.getByText('版本代码').waitFor();

    await tab.navBar.back().tap();
    await tab.waitForRoute('/pages/my/setting');
    await tab.page.getByText('账号与安全').waitFor();
    await tab.navBar.back().tap();
    await tab.waitForRoute('/pages/my/index');
    await tab.waitForTitle('我的');
    // The my page again, not the setting page it came back from.
    await tab.page.getByText('常用功能').waitFor();
    expect(await tab.page.getByText('账号与安全').count()).toBe(0);
    expect(await tab.page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx)).toBe(0);
  });
});

describe('lazy page loading', () => {
  /** Any script requested from here on: the chunks of a page not loaded yet in this document. */
  const SCRIPTS = /\/assets\/[^/]+\.js(\?.*)?$/;
  /**
   * The page these tests load late: 修改密码, one tap from 设置, in a chunk of its own (Vite names it
   * after routes/update-password.tsx) that nothing before the tap loads. `expectNotLoadedYet` checks
   * that, so a change that preloads it fails here instead of leaving these tests proving nothing.
   */
  const TARGET_CHUNK = /\/assets\/update-password-[^/]+\.js$/;

  /** The scripts this document has fetched so far (before a fake clock: it empties the list). */
  async function fetchedScripts(app: AppPage): Promise<string[]> {
    return app.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((name) => name.endsWith('.js')));
  }

  async function expectNotLoadedYet(app: AppPage): Promise<void> {
    const fetched = await fetchedScripts(app);
    expect(fetched.length, 'the app has loaded its scripts').toBeGreaterThan(0);
    expect(fetched.filter((name) => TARGET_CHUNK.test(name)), '修改密码’s chunk is not loaded before the tap').toEqual([]);
  }

  /** Opens 设置 and waits for its content, so no chunk of it is still on its way. */
  async function openSetting(app: AppPage): Promise<void> {
    await app.open('pages/my/setting');
    await app.waitForTitle('设置');
    await app.page.getByText('账号与安全').waitFor();
  }

  /** After a reload the page is there: no error view, its title, some content. */
  async function expectLoaded(app: AppPage): Promise<void> {
    await app.waitForTitle('修改密码');
    await app.page.waitForFunction(() => (document.querySelector('.page__body')?.childElementCount ?? 0) > 0);
    expect(await app.page.getByTestId('page-load-error').count()).toBe(0);
    expect(app.route().path).toBe('/pages/my/updatePassword');
  }

  test('a page that fails to load shows the error view, and a tap reloads it', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await openSetting(app);
    await expectNotLoadedYet(app);
    const failed: string[] = [];
    const fail = (route: Route) => {
      failed.push(new URL(route.request().url()).pathname);
      return route.abort('connectionreset');
    };
    await app.page.route(SCRIPTS, fail);

    await app.page.getByText('修改密码', { exact: true }).tap();
    await app.waitForRoute('/pages/my/updatePassword');
    const error = app.page.getByTestId('page-load-error');
    await error.waitFor();
    // At least once: Chromium may try a reset connection again.
    expect(failed.filter((name) => TARGET_CHUNK.test(name)).length, 'the page chunk was requested and failed').toBeGreaterThan(0);
    expect((await error.textContent())?.trim()).toBe('页面加载失败，点击屏幕重试');
    // The frame around the page is still there.
    await app.waitForTitle('修改密码');
    await app.screenshot('page-load-error');

    await app.page.unroute(SCRIPTS, fail);
    const reloaded = app.page.waitForEvent('load');
    await error.tap();
    await reloaded;
    await expectLoaded(app);
  });

  test('a slow page shows the loading view from 200 ms, the time-out view at 60 s, and a tap reloads it', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await openSetting(app);
    await expectNotLoadedYet(app);
    // Fake timers from here on (the page's later timers, its reloads included).
    await app.page.clock.install();
    const pending: Route[] = [];
    const hang = (route: Route) => {
      pending.push(route);
    };
    await app.page.route(SCRIPTS, hang);
    // From here the page's time moves only when the test moves it.
    await app.page.clock.pauseAt(Date.now() + 1_000);

    await app.page.getByText('修改密码', { exact: true }).tap();
    await app.waitForRoute('/pages/my/updatePassword');
    await expect
      .poll(() => pending.filter((route) => TARGET_CHUNK.test(new URL(route.request().url()).pathname)).length, { message: 'the page chunk was requested' })
      .toBeGreaterThan(0);
    const loading = app.page.getByRole('status').filter({ hasText: '加载中' });
    const error = app.page.getByTestId('page-load-error');

    await app.page.clock.runFor(199);
    expect(await loading.count()).toBe(0);
    await app.page.clock.runFor(1);
    await loading.waitFor();
    expect(await error.count()).toBe(0);

    await app.page.clock.runFor(59_799 - 200);
    expect(await error.count()).toBe(0);
    await app.page.clock.fastForward(1_000);
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe('连接服务器超时，点击屏幕重试');
    expect(await loading.count()).toBe(0);
    await app.screenshot('page-load-timeout');

    await app.page.unroute(SCRIPTS, hang);
    // Let the hung requests go; the reload abandons them anyway.
    await Promise.all(pending.map((route) => route.abort('timedout').catch(() => undefined)));
    await app.page.clock.resume();
    const reloaded = app.page.waitForEvent('load');
    await error.tap();
    await reloaded;
    await expectLoaded(app);
  });

  test('no loading view for a page that arrives before 200 ms', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await openSetting(app);
    await expectNotLoadedYet(app);
    // Fake timers from here on (the page's later timers, its reloads included).
    await app.page.clock.install();
    await app.page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { __statuses: seen });
      new MutationObserver(() => {
        if (document.querySelector('[role=status]')) seen.push(document.querySelector('main')?.innerHTML.slice(0, 200) ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await app.page.clock.pauseAt(Date.now() + 1_000);
    const requested: string[] = [];
    app.page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    await app.page.getByText('修改密码', { exact: true }).tap();
    await expectLoaded(app);
    expect(requested.filter((name) => TARGET_CHUNK.test(name)).length, 'the page chunk came over the network on the tap').toBeGreaterThan(0);
    await app.page.clock.runFor(1_000);
    expect(await app.page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses)).toEqual([]);
  });
});

describe('unknown routes', () => {
  test('show 页面不存在 with its launch event and a way home', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    await app.page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { __notFound: seen });
      window.addEventListener('app:page-not-found', (event) => {
        seen.push(String((event as CustomEvent<{ hash: string }>).detail.hash));
      });
    });

    await app.open('pages/nowhere/index?x=1');
    await app.waitForTitle('页面不存在');
    await expect.poll(() => app.navBar.title().textContent()).toBe('页面不存在');
    await app.page.getByText('您访问的页面不存在或已被移除').waitFor();
    await expect.poll(() => app.page.evaluate(() => (window as unknown as { __notFound: string[] }).__notFound)).toEqual(['#/pages/nowhere/index?x=1']);
    await app.screenshot('not-found');

    await app.page.getByRole('button', { name: '返回首页' }).tap();
    await app.waitForRoute('/');
    await app.waitForTitle('首页');
  });

  test('are shown logged out too, without a detour to login', async () => {
    const app = await harness.newApp();
    await app.open('pages/my/indexx');
    await app.waitForTitle('页面不存在');
    expect(app.route().path).toBe('/pages/my/indexx');
  });
});

describe('titles', () => {
  test('document.title and the nav bar title follow the route table', async () => {
    const app = await harness.newApp();
    await app.signIn(WANG_QIANG);
    const routes: { route: string; title: string; navBar: boolean }[] = [
      { route: 'pages/my/setting', title: '设置', navBar: true },
      { route: '', title: '首页', navBar: false },
      { route: 'pages/index/teamAttendance', title: '团队考勤', navBar: true },
      { route: 'pages/index/index', title: '首页', navBar: false },
      { route: 'pages/details/viewPdf', title: '预览PDF', navBar: true },
      { route: 'pages/details/customerDetailsPage?id=1', title: '客户', navBar: true },
      { route: 'pages/details/updateStandard', title: '编辑业绩标准', navBar: true },
      { route: 'pages/weeklyReport/index', title: '周报', navBar: true },
      { route: 'pages/login/enterCode?phone=13800000003', title: '输入验证码', navBar: true },
      { route: 'pages/weeklyReport/index%20copy', title: '周报', navBar: false },
      { route: 'pages/order/index', title: '订单管理', navBar: true },
      { route: 'pages/order/index11', title: '关于', navBar: true },
      { route: 'pages/order/alova', title: '请求示例', navBar: true },
      { route: 'pages/my/index', title: '我的', navBar: false },
      { route: 'pages/my/updatePhone', title: '验证手机号', navBar: true },
      { route: 'pages/order/salespersonPage', title: '业务员', navBar: true },
      // Pages without a title show the app's name.
      { route: 'pages/details/privacyPolicy', title: '销售助手', navBar: true },
    ];
    for (const { route, title, navBar } of routes) {
      await app.open(route);
      await app.waitForTitle(title).catch(async (error: unknown) => {
        throw new Error(`${route || '/'}: expected title ${title}, saw ${await app.page.title()} (${String(error)})`);
      });
      if (navBar && title !== '销售助手') {
        await expect.poll(async () => (await app.navBar.title().first().textContent())?.trim(), { message: route }).toBe(title);
      }
    }
  });
});
