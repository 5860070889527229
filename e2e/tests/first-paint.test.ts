import * as ROUTES from '@sales/contract/routes';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type DemoAccount, LI_NA, ZHANG_WEI, ZHU_GANG } from '../support/accounts';
import { callEndpoint } from '../support/api';
import { type AppPage, useApp } from '../support/app';

const harness = useApp();

const LIST = 'pages/details/allCustomers';
const LIST_API = '/seller/fenghe/staff/customer/list';
const PAINTER = /\/assets\/list-painter-[^/]+\.js$/;

/** The texts of the list's cards, in order. */
const cardTexts = (app: AppPage) => app.customers.cards().evaluateAll((cards) => cards.map((card) => (card as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** Whether the customer list's painted copy shows (the painter's, lib/painted-page.ts). */
const painted = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') !== null);

/** The layout shifts of the document so far (CLS's entries), recorded from its start. */
async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
}

/** Records, from the document's start, whether a loading view (a list's skeleton, 公海's rules bar loading) or the painted copy ever showed. */
async function recordViews(page: Page): Promise<() => Promise<{ skeleton: boolean; painted: boolean }>> {
  await page.addInitScript(() => {
    const seen = { skeleton: false, painted: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      seen.skeleton ||= document.querySelector('[data-testid=list-skeleton], [data-testid=pool-rules-loading]') !== null;
      seen.painted ||= document.querySelector('#root [data-painted]') !== null;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __seen: { skeleton: boolean; painted: boolean } }).__seen);
}

/** The paths the page requests from now on. */
function requestedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Signed in, with the route opened once until `ready` shows, then reloaded cold with the app's entry held back. */
async function heldLoad(app: AppPage, account: DemoAccount, route: string, ready: (page: Page) => Promise<void>): Promise<() => void> {
  await app.signIn(account);
  await app.open(route);
  await ready(app.page);
  const release = await app.holdApp();
  // Not until 'load': the held entry holds it back.
  await app.page.reload({ waitUntil: 'commit' });
  return release;
}

/** The customer list, held (heldLoad). */
const heldListLoad = (app: AppPage, account: DemoAccount = LI_NA) => heldLoad(app, account, LIST, () => app.customers.cards().first().waitFor());

describe('the customer list paints its first cards before the app has loaded (issue 29)', () => {
  test.each([
    ['李娜 (a leader)', LI_NA],
    ['张伟 (a salesperson)', ZHANG_WEI],
  ] as const)('%s: the painted cards show before the entry runs; the app takes them over with the same cards, no skeleton, no shift, and a tap opens the detail', async (_name, account) => {
    const app = await harness.newApp();
    const shifts = await recordLayoutShifts(app.page);
    const seen = await recordViews(app.page);
    const release = await heldListLoad(app, account);
    await app.customers.cards().first().waitFor();
    expect(await painted(app.page)).toBe(true);
    // The entry has not run: nothing of the app's is there yet.
    expect(await app.page.evaluate(() => (window as unknown as { __salesPaint?: { stopped?: boolean } }).__salesPaint?.stopped ?? false)).toBe(false);
    const paintedCards = await cardTexts(app);
    expect(paintedCards.length).toBeGreaterThan(0);
    await expect.poll(() => app.customers.total().textContent()).toMatch(/^共 \d+ 位客户$/);
    const paintedTotal = await app.customers.total().textContent();

    release();
    await app.page.waitForFunction(() => !document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') === null);
    // The app's first render is the same page: the same cards, once each, and the same total.
    expect((await cardTexts(app)).slice(0, paintedCards.length)).toEqual(paintedCards);
    expect(await app.customers.total().count()).toBe(1);
    expect(await app.customers.total().textContent()).toBe(paintedTotal);
    await app.page.locator('.adm-infinite-scroll').waitFor();
    await app.settled();
    expect(await shifts()).toBe(0);
    expect(await seen()).toEqual({ skeleton: false, painted: true });

    const first = await app.customers.cardNames();
    await app.customers.cards().first().click();
    await app.waitForRoute('/pages/details/customerDetails');
    await expect.poll(() => app.customer.name().textContent()).toBe(first[0]);
    expect(app.pageErrors).toEqual([]);
  });

  test('the app’s files are asked for once the cards are painted, not beside the answer; then the app takes over', async () => {
    const app = await harness.newApp();
    await app.signIn(LI_NA);
    await app.open(LIST);
    await app.customers.cards().first().waitFor();
    // When the painted copy first showed, on the document's clock.
    await app.page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('#root [data-painted]')) return;
        (window as unknown as { __paintedAt: number }).__paintedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await app.page.reload();
    await app.page.waitForFunction(() => !document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') === null);
    await app.customers.cards().first().waitFor();
    const order = await app.page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((resource) => /\/assets\/index-[^/]+\.js$/.test(new URL(resource.name).pathname));
      return { paintedAt: (window as unknown as { __paintedAt?: number }).__paintedAt ?? null, entryAskedAt: entry?.startTime ?? null };
    });
    expect(order.paintedAt).not.toBeNull();
    expect(order.entryAskedAt).not.toBeNull();
    expect(order.entryAskedAt).toBeGreaterThanOrEqual(order.paintedAt ?? Infinity);
    expect(app.pageErrors).toEqual([]);
  });

  test('a tap on a painted card before the app has loaded opens that customer once it has', async () => {
    const app = await harness.newApp();
    const release = await heldListLoad(app);
    await app.customers.cards().first().waitFor();
    expect(await painted(app.page)).toBe(true);
    const [name] = await app.customers.cardNames();
    await app.customers.cards().first().click();
    // (Not waitForRoute: the document's load waits for the held entry.)
    await app.page.waitForFunction(() => location.hash.startsWith('#/pages/details/customerDetails?'));
    expect(Number(app.route().query.get('id'))).toBeGreaterThan(0);
    // The copy is gone (the loading view shows) until the app draws the customer.
    expect(await painted(app.page)).toBe(false);
    release();
    await expect.poll(() => app.customer.name().textContent()).toBe(name);
    expect(app.route().path).toBe('/pages/details/customerDetails');
  });

  test('a name with markup shows as text in the painted card and in the app', async () => {
    const app = await harness.newApp();
    await app.page.route(
      (url) => url.pathname === LIST_API,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { list: { name: string }[] } };
        const [first] = body.data.list;
        if (first) first.name = '<b>x</b><img src=x onerror="window.__injected=1">';
        await route.fulfill({ response, json: body });
      },
    );
    const release = await heldListLoad(app);
    const card = app.customers.cards().first();
    await card.waitFor();
    expect(await painted(app.page)).toBe(true);
    expect(await card.getByTestId('customer-name').textContent()).toBe('<b>x</b><img src=x onerror="window.__injected=1">');
    expect(await card.locator('b, img').count()).toBe(0);
    release();
    await app.page.waitForFunction(() => document.querySelector('#root [data-painted]') === null);
    expect(await app.customers.cards().first().getByTestId('customer-name').textContent()).toBe('<b>x</b><img src=x onerror="window.__injected=1">');
    expect(await app.page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  });

  test('when the app renders before the answer has come, the painter paints nothing after it', async () => {
    const app = await harness.newApp();
    await app.signIn(LI_NA);
    await app.open(LIST);
    await app.customers.cards().first().waitFor();
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await app.page.route(
      (url) => url.pathname === LIST_API,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const seen = await recordViews(app.page);
    await app.page.reload({ waitUntil: 'commit' });
    // The app has rendered its page (the skeleton, waiting for the answer) and the painter has loaded.
    await app.page.getByTestId('list-skeleton').waitFor();
    await app.page.waitForFunction(() => (window as unknown as { __salesPaint?: { stopped?: boolean } }).__salesPaint?.stopped === true);
    await app.page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/list-painter-/.test(entry.name)));
    answer();
    await app.customers.cards().first().waitFor();
    await app.settled();
    expect((await seen()).painted).toBe(false);
    const names = await app.customers.cardNames();
    expect(names).toEqual([...new Set(names)]);
  });

  test('no painter file is asked for without a session, on another page, or for a filtered list', async () => {
    const app = await harness.newApp();
    const paths = requestedPaths(app.page);
    // Signed out: the list's address shows the login page.
    await app.open(LIST);
    await app.waitForRoute('/pages/login/index');
    await app.signIn(LI_NA);
    // Home, and the list with a filter in its address, cold.
    for (const route of ['pages/index/index', `${LIST}?level=A`]) {
      await app.open(route);
      await app.page.reload();
      await app.customers.cards().first().or(app.page.getByTestId('home-completion')).first().waitFor();
    }
    expect(paths.filter((path) => PAINTER.test(path))).toEqual([]);
    // The list itself, cold: asked for once.
    await app.open(LIST);
    await app.page.reload();
    await app.customers.cards().first().waitFor();
    expect(paths.filter((path) => PAINTER.test(path))).toHaveLength(1);
  });
});

const HOME = 'pages/index/index';

/** The texts of home's first screen: the header, the entries, 今日 and 本月, 本月标准完成. */
const homeTexts = (page: Page) =>
  page.evaluate(() =>
    ['.home-header', '.grid-entries', '.dash-grid', '[data-testid=home-completion]'].map((selector) => {
      const elements = document.querySelectorAll<HTMLElement>(`#root ${selector}`);
      return elements.length === 1 ? (elements[0]?.innerText ?? '').replace(/\s+/g, ' ').trim() : `${elements.length} × ${selector}`;
    }),
  );

/** Home, held (heldLoad). */
const heldHomeLoad = (app: AppPage, account: DemoAccount) => heldLoad(app, account, HOME, (page) => page.getByTestId('home-completion').waitFor());

describe('home paints its first screen before the app has loaded (issue 29)', () => {
  test.each([
    ['李娜 (a site’s leader, 团队报告)', LI_NA],
    ['朱刚 (a parent site’s leader)', ZHU_GANG],
  ] as const)('%s: the painted figures show before the entry runs; the app takes them over with the same texts, no shift', async (_name, account) => {
    const app = await harness.newApp();
    const shifts = await recordLayoutShifts(app.page);
    const release = await heldHomeLoad(app, account);
    await app.page.getByTestId('home-completion').waitFor();
    expect(await painted(app.page)).toBe(true);
    expect(await app.page.evaluate(() => (window as unknown as { __salesPaint?: { stopped?: boolean } }).__salesPaint?.stopped ?? false)).toBe(false);
    const paintedTexts = await homeTexts(app.page);
    expect(paintedTexts[0]).toContain(`，${account.name}`);
    expect(paintedTexts[0]).toContain(account.sites[0]);
    expect(paintedTexts[2]).toMatch(/今日.*销售额 [\d,.-]+元.*本月.*订单数 \d+/);

    release();
    await app.page.waitForFunction(() => !document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') === null);
    await app.page.getByTestId('home-trend').waitFor();
    // The app's first render is the same first screen (its bell and 我的 tab may add their badges).
    const appTexts = await homeTexts(app.page);
    expect(appTexts.slice(1)).toEqual(paintedTexts.slice(1));
    expect(appTexts[0]?.startsWith(paintedTexts[0] ?? '?')).toBe(true);
    await app.settled();
    expect(await shifts()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  test('a tap on a painted entry before the app has loaded opens that page once it has', async () => {
    const app = await harness.newApp();
    const release = await heldHomeLoad(app, LI_NA);
    await app.page.getByTestId('home-completion').waitFor();
    expect(await painted(app.page)).toBe(true);
    await app.page.getByRole('button', { name: '员工业绩排行' }).click();
    // (Not waitForRoute: the document's load may wait for the held entry, which the touch asked for.)
    await app.page.waitForFunction(() => location.hash.startsWith('#/pages/index/employeePerformanceRanking'));
    expect(await painted(app.page)).toBe(false);
    release();
    await app.waitForTitle('员工业绩排行');
    expect(app.pageErrors).toEqual([]);
  });
});

const NOTICES = 'pages/my/messageCenter';

/** The texts of 消息中心's rows, in order. */
const noticeTexts = (page: Page) => page.getByTestId('notice-item').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** 消息中心, held (heldLoad). */
const heldNoticeLoad = (app: AppPage, account: DemoAccount) => heldLoad(app, account, NOTICES, (page) => page.getByTestId('notice-item').first().waitFor());

describe('消息中心 paints its first notices before the app has loaded (issue 29)', () => {
  test('the painted rows and count show before the entry runs; the app takes them over with the same texts, no skeleton, no shift (early-calls checks it asks once)', async () => {
    const app = await harness.newApp();
    const shifts = await recordLayoutShifts(app.page);
    const seen = await recordViews(app.page);
    const release = await heldNoticeLoad(app, ZHANG_WEI);
    await app.page.getByTestId('notice-item').first().waitFor();
    expect(await painted(app.page)).toBe(true);
    const paintedRows = await noticeTexts(app.page);
    expect(paintedRows.length).toBeGreaterThan(0);
    const paintedCount = await app.page.getByTestId('notice-unread-count').textContent();
    expect(paintedCount).toMatch(/^共 \d+ 条，\d+ 条未读$/);
    expect(await app.page.getByTestId('notice-unread-dot').count()).toBeGreaterThan(0);

    release();
    await app.page.waitForFunction(() => !document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') === null);
    expect((await noticeTexts(app.page)).slice(0, paintedRows.length)).toEqual(paintedRows);
    expect(await app.page.getByTestId('notice-unread-count').textContent()).toBe(paintedCount);
    await app.settled();
    expect(await shifts()).toBe(0);
    expect(await seen()).toEqual({ skeleton: false, painted: true });
    expect(app.pageErrors).toEqual([]);
  });

  test('a tap on a painted unread notice before the app has loaded marks it read and opens what it is about', async () => {
    const app = await harness.newApp();
    const release = await heldNoticeLoad(app, LI_NA);
    const unreadRow = app.page.getByTestId('notice-item').filter({ has: app.page.getByTestId('notice-unread-dot') }).first();
    await unreadRow.waitFor();
    expect(await painted(app.page)).toBe(true);
    const read = app.page.waitForRequest((request) => new URL(request.url()).pathname === '/seller/notice/read');
    await unreadRow.click();
    const body = (await read).postDataJSON() as { id?: unknown };
    expect(typeof body.id).toBe('number');
    expect(await painted(app.page)).toBe(false);
    release();
    await app.page.waitForFunction(() => !location.hash.includes('messageCenter'));
    await app.settled();
    const { body: listed } = await callEndpoint(ROUTES.noticeList, { page: 1, pageSize: 20 }, String(await app.storage('token')));
    expect(listed.data.list.find((notice) => notice.id === body.id)?.read).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });
});

const TODO = 'pages/my/todo';

/** 今日待办, held (heldLoad). */
const heldTodoLoad = (app: AppPage, account: DemoAccount) => heldLoad(app, account, TODO, (page) => page.getByTestId('todo').waitFor());

/** The text of 今日待办's sections, row by row. */
const todoTexts = (page: Page) =>
  page.locator('[data-testid=todo] :is([data-testid=todo-due-item], [data-testid=todo-returning-item], [data-testid^=todo-report-], .section-title)').evaluateAll((rows) =>
    rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );

describe('今日待办 paints its first rows before the app has loaded (issue 29)', () => {
  test('张伟: the painted sections show before the entry runs; the app takes them over with the same texts, no skeleton, no shift', async () => {
    const app = await harness.newApp();
    const shifts = await recordLayoutShifts(app.page);
    const seen = await recordViews(app.page);
    const release = await heldTodoLoad(app, ZHANG_WEI);
    await app.page.getByTestId('todo-due-item').first().waitFor();
    expect(await painted(app.page)).toBe(true);
    const paintedTexts = await todoTexts(app.page);
    expect(paintedTexts, JSON.stringify(paintedTexts)).toContainEqual(expect.stringMatching(/^待联系 \d+ ?今天 \d+/));

    release();
    await app.page.waitForFunction(() => !document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') === null);
    expect((await todoTexts(app.page)).slice(0, paintedTexts.length)).toEqual(paintedTexts);
    await app.settled();
    expect(await shifts()).toBe(0);
    expect(await seen()).toEqual({ skeleton: false, painted: true });
    expect(app.pageErrors).toEqual([]);
  });

  test('a tap on a painted due customer before the app has loaded opens that customer once it has', async () => {
    const app = await harness.newApp();
    const release = await heldTodoLoad(app, ZHANG_WEI);
    const card = app.page.getByTestId('todo-due-item').first();
    await card.waitFor();
    expect(await painted(app.page)).toBe(true);
    const name = (await card.locator('.card__title').textContent()) ?? '';
    await card.click();
    // (Not waitForRoute: the document's load may wait for the held entry, which the touch asked for.)
    await app.page.waitForFunction(() => location.hash.startsWith('#/pages/details/customerDetails?'));
    release();
    await expect.poll(() => app.customer.name().textContent()).toBe(name);
    expect(app.pageErrors).toEqual([]);
  });
});

const POOL = 'pages/details/customerPool';

/** 公海's rules bar, count and cards, in order. */
const poolTexts = (page: Page) =>
  page.locator('#root :is([data-testid=pool-rules], [data-testid=pool-total], [data-testid=pool-item])').evaluateAll((parts) => parts.map((part) => (part as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** 公海, held (heldLoad). */
const heldPoolLoad = (app: AppPage, account: DemoAccount) =>
  heldLoad(app, account, POOL, async (page) => {
    await page.getByTestId('pool-item').first().waitFor();
    await page.getByTestId('pool-rules').waitFor();
  });

/** Until the app's render has replaced the painted copy. */
const takenOver = (page: Page) => page.waitForFunction(() => !document.documentElement.classList.contains('boot-paint') && document.querySelector('#root [data-painted]') === null);

describe('公海客户 paints its rules bar and first cards before the app has loaded (issue 29)', () => {
  test.each([
    ['李娜 (a leader: selection boxes, no usage line)', LI_NA],
    ['张伟 (a salesperson: 领取 and the usage line)', ZHANG_WEI],
  ] as const)('%s: the painted bar, count and cards show before the entry runs; the app takes them over with the same texts, no loading view, no shift', async (_name, account) => {
    const app = await harness.newApp();
    const shifts = await recordLayoutShifts(app.page);
    const seen = await recordViews(app.page);
    const release = await heldPoolLoad(app, account);
    await app.page.getByTestId('pool-item').first().waitFor();
    expect(await painted(app.page)).toBe(true);
    expect(await app.page.evaluate(() => (window as unknown as { __salesPaint?: { stopped?: boolean } }).__salesPaint?.stopped ?? false)).toBe(false);
    const paintedTexts = await poolTexts(app.page);
    expect(paintedTexts[1]).toMatch(/^公海共 \d+ 位客户$/);
    expect(paintedTexts.length).toBeGreaterThan(2);
    const card = app.page.getByTestId('pool-item').first();
    if (account === LI_NA) {
      expect(await card.getByTestId('pool-select').count()).toBe(1);
      expect(await app.page.getByTestId('pool-usage').count()).toBe(0);
      expect(await app.page.getByTestId('pool-assign').textContent()).toBe('选择客户后分配');
    } else {
      expect(await card.getByTestId('pool-claim').count()).toBe(1);
      expect(await app.page.getByTestId('pool-usage').textContent()).toMatch(/^已拥有 \d+(\/\d+)? · 今日已领取 \d+(\/\d+)?$/);
    }

    release();
    await takenOver(app.page);
    // The app's first render is the same page: the same bar, count and cards, once each.
    expect((await poolTexts(app.page)).slice(0, paintedTexts.length)).toEqual(paintedTexts);
    expect(await app.page.getByTestId('pool-rules').count()).toBe(1);
    expect(await app.page.getByTestId('pool-total').count()).toBe(1);
    await app.page.locator('.adm-infinite-scroll').waitFor();
    await app.settled();
    expect(await shifts()).toBe(0);
    expect(await seen()).toEqual({ skeleton: false, painted: true });
    expect(app.pageErrors).toEqual([]);
  });

  test('张伟: a tap on a painted 领取 before the app has loaded claims nothing (领取 waits for the app); the app’s 领取 claims', async () => {
    const app = await harness.newApp();
    // Refused on the way: the pool stays as the other tests find it.
    const claims: unknown[] = [];
    await app.page.route(
      (url) => url.pathname === ROUTES.poolClaim,
      (route) => {
        claims.push(route.request().postDataJSON());
        return route.abort();
      },
    );
    const release = await heldPoolLoad(app, ZHANG_WEI);
    const claim = app.page.getByTestId('pool-claim').first();
    await claim.waitFor();
    expect(await painted(app.page)).toBe(true);
    await claim.click();
    expect(await painted(app.page)).toBe(true);
    expect(app.route().path).toBe('/pages/details/customerPool');
    release();
    await takenOver(app.page);
    await app.settled();
    expect(claims).toEqual([]);
    await app.page.getByTestId('pool-claim').first().click();
    await expect.poll(() => claims).toEqual([expect.objectContaining({ customerId: expect.any(Number) })]);
    expect(app.pageErrors).toEqual([]);
  });

  test('李娜: a tap on a painted selection box before the app has loaded selects nothing; the app’s selects', async () => {
    const app = await harness.newApp();
    const release = await heldPoolLoad(app, LI_NA);
    const box = app.page.getByTestId('pool-select').first();
    await box.waitFor();
    expect(await painted(app.page)).toBe(true);
    await box.click();
    expect(await painted(app.page)).toBe(true);
    release();
    await takenOver(app.page);
    await app.settled();
    const assign = app.page.getByTestId('pool-assign');
    expect(await assign.textContent()).toBe('选择客户后分配');
    await app.page.getByTestId('pool-select').first().click();
    await expect.poll(() => assign.textContent()).toBe('分配（1）');
    expect(app.pageErrors).toEqual([]);
  });

  test('a name with markup shows as text in the painted card and in the app', async () => {
    const app = await harness.newApp();
    const name = '<b>x</b><img src=x onerror="window.__injected=1">';
    await app.page.route(
      (url) => url.pathname === ROUTES.poolList,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { list: { name: string }[] } };
        const [first] = body.data.list;
        if (first) first.name = name;
        await route.fulfill({ response, json: body });
      },
    );
    const release = await heldPoolLoad(app, ZHANG_WEI);
    const card = app.page.getByTestId('pool-item').first();
    await card.waitFor();
    expect(await painted(app.page)).toBe(true);
    expect(await card.getByTestId('pool-name').textContent()).toBe(name);
    expect(await card.locator('b, img').count()).toBe(0);
    release();
    await takenOver(app.page);
    expect(await app.page.getByTestId('pool-item').first().getByTestId('pool-name').textContent()).toBe(name);
    expect(await app.page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  });
});
