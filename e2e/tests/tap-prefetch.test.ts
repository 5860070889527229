import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { type AppPage, useApp } from '../support/app';

const harness = useApp();

/**
 * The bodies of the calls to `api` the page makes from now on, counted in the page itself (a wrapper
 * around fetch, which the app's request layer and index.html's early calls both use), so a call the
 * page has made is counted before the page reports idle; the count is read with `callsTo`.
 */
async function recordCalls(page: Page, api: string): Promise<() => Promise<Record<string, unknown>[]>> {
  await page.evaluate((path) => {
    const calls: string[] = [];
    (window as unknown as { __e2eCalls: string[] }).__e2eCalls = calls;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (url.pathname === path) calls.push(typeof init?.body === 'string' ? init.body : '{}');
      return original(input, init);
    };
  }, api);
  return async () => (await page.evaluate(() => (window as unknown as { __e2eCalls: string[] }).__e2eCalls)).map((body) => JSON.parse(body) as Record<string, unknown>);
}

/**
 * Resolves once the page has rendered what was scheduled (`settled`) and the browser then found
 * itself idle: a call the page would make on mounting (a query refetching) has been made by then.
 */
async function idle(app: AppPage): Promise<void> {
  await app.settled();
  await app.page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
}

/** The files the page was told to prefetch while idle (app/next-routes.ts). */
const prefetched = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) => new URL(link.href).pathname));

/** 李娜's 客户列表 with its first card on screen. */
async function customerList(): Promise<{ app: AppPage; card: Locator }> {
  const app = await harness.newApp();
  await app.signIn(LI_NA);
  await app.open('pages/details/allCustomers');
  const card = app.page.getByTestId('customer-list').getByTestId('customer-item').first();
  await card.waitFor();
  return { app, card };
}

/**
 * Tap to next page (issue 29): once a page is loaded and the browser idle, the files of the pages
 * its taps open are prefetched; a press (pointerdown, before the click) on an entry sends the next
 * page's first call, and the page then takes that answer instead of asking again.
 */
describe('a tap finds the next page under way', () => {
  test('客户列表: the customer page’s files are prefetched; a press asks for the customer, the page does not ask again', async () => {
    const { app, card } = await customerList();
    await expect.poll(async () => (await prefetched(app.page)).some((file) => /\/assets\/customer-details-[\w-]+\.js$/.test(file)), { timeout: 15_000 }).toBe(true);
    // The prefetched files are fetched, not run: the page's module is not loaded until asked for.
    const files = await prefetched(app.page);
    expect(files.every((file) => file.startsWith('/assets/'))).toBe(true);
    expect(new Set(files).size).toBe(files.length);

    const details = await recordCalls(app.page, '/seller/fenghe/staff/customer/detail');
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === '/seller/fenghe/staff/customer/detail');
    await card.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    expect((await answered).status()).toBe(200);
    // Asked on the press alone: still on the list.
    expect(app.route().path).toBe('/pages/details/allCustomers');
    const [asked] = await details();
    expect(await details()).toHaveLength(1);

    await card.tap();
    const opened = await app.waitForRoute('/pages/details/customerDetails');
    expect(opened.query.get('id')).toBe(String(asked?.id));
    await app.customer.name().waitFor();
    expect((await app.customer.name().textContent())?.trim()).not.toBe('');
    await idle(app);
    expect(await details()).toHaveLength(1);
  });

  test('a press before the files were prefetched asks for all of the page’s files at once, each fetched once', async () => {
    const { app, card } = await customerList();
    // At once, before the idle prefetch (the network has not been quiet for seconds yet).
    await card.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    const preloads = await app.page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[rel=preload][as=style]')].map((link) => new URL(link.href).pathname));
    expect(preloads.some((file) => /\/assets\/customer-details-[\w-]+\.js$/.test(file))).toBe(true);

    await card.tap();
    await app.waitForRoute('/pages/details/customerDetails');
    await app.customer.name().waitFor();
    await idle(app);
    // The module loader took the preloaded files: none fetched a second time.
    const fetched = await app.page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => new URL(entry.name).pathname).filter((file) => file.startsWith('/assets/')));
    for (const file of preloads) expect(fetched.filter((entry) => entry === file), file).toHaveLength(1);
  });

  test('我的: 今日待办’s files are prefetched; a press on its entry asks for the list once, the page takes it', async () => {
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open('pages/my/index');
    const entry = app.page.getByTestId('todo-entry');
    await app.page.getByTestId('todo-entry-badge').waitFor();
    await expect.poll(async () => (await prefetched(app.page)).some((file) => /\/assets\/todo-[\w-]+\.js$/.test(file)), { timeout: 15_000 }).toBe(true);

    // The list's first page (the badge asks for one row only; a later page, should the list load
    // one as it scrolls into view, is not the press's to answer).
    const calls = await recordCalls(app.page, '/seller/fenghe/staff/followup/due');
    const lists = async () => (await calls()).filter((body) => body.pageSize !== 1 && body.page === 1);
    await entry.tap();
    await app.waitForRoute('/pages/my/todo');
    await app.page.getByTestId('todo-due-item').first().waitFor();
    await idle(app);
    expect(await lists()).toHaveLength(1);
  });
});
