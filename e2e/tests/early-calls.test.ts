import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI, type DemoAccount } from '../support/accounts';
import { useApp } from '../support/app';

const harness = useApp();

/**
 * The calls to `api` the document that a reload brings sends, with their bodies. Counted by the
 * DevTools loader id of the document that sent them: the page before the reload stays alive until
 * the new document commits and, on a busy machine, may still be sending its own first call then.
 */
async function callsOfReloadedDocument(page: Page, api: string): Promise<() => string[]> {
  const session = await page.context().newCDPSession(page);
  const { frameTree } = await session.send('Page.getFrameTree');
  await session.send('Network.enable');
  const calls: { loaderId: string; body: string }[] = [];
  let document: string | null = null;
  session.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && event.frameId === frameTree.frame.id) document = event.loaderId;
    if (new URL(event.request.url).pathname === api) calls.push({ loaderId: event.loaderId, body: event.request.postData ?? '' });
  });
  return () => calls.filter((call) => call.loaderId === document).map((call) => call.body);
}

/**
 * A cold start of these pages sends their first call from index.html's inline script, before the
 * app's script has arrived (apps/web/src/app/early-calls.ts); the page then takes that answer
 * instead of asking again. No page may ask for the same call twice, and the first ask comes from
 * the inline script, before any of the app's script is requested.
 */
const PAGES: [page: string, account: DemoAccount, route: string, api: string][] = [
  ['首页', LI_NA, 'pages/index/index', '/seller/fenghe/staff/performance/home'],
  ['客户列表', LI_NA, 'pages/details/allCustomers', '/seller/fenghe/staff/customer/list'],
  ['消息中心', LI_NA, 'pages/my/messageCenter', '/seller/notice/list'],
  ['公海客户', ZHANG_WEI, 'pages/details/customerPool', '/seller/fenghe/staff/pool/list'],
  ['公海客户 (its rules bar)', ZHANG_WEI, 'pages/details/customerPool', '/seller/fenghe/staff/pool/rules'],
  ['今日待办', ZHANG_WEI, 'pages/my/todo', '/seller/fenghe/staff/followup/due'],
  ['我的', ZHANG_WEI, 'pages/my/index', '/seller/fenghe/staff/followup/due'],
];

describe('the first call of a page leaves with the HTML', () => {
  test.each(PAGES)('%s: asked by index.html, and the page takes that answer instead of asking again', async (_name, account, route, api) => {
    const app = await harness.newApp();
    await app.signIn(account);
    await app.open(route);
    const asked = await callsOfReloadedDocument(app.page, api);
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === api);
    await app.page.reload();
    expect((await answered).status()).toBe(200);
    // The page has rendered from that answer: the inline script's entry has been taken.
    await app.page.waitForFunction(
      (path) => {
        const early = (window as unknown as Record<string, Record<string, unknown> | undefined>).__salesEarlyCalls ?? {};
        const keys = Object.keys(early).filter((key) => key.startsWith(`${path} `));
        return keys.length > 0 && keys.every((key) => early[key] === undefined);
      },
      api,
    );
    await app.settled();
    // No call asked twice: the page took the inline script's answer instead of sending its own.
    const bodies = asked();
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies).toEqual([...new Set(bodies)]);
    // Sent before the app's first script was even asked for.
    const started = await app.page.evaluate((path) => {
      const entries = performance.getEntriesByType('resource');
      const call = entries.find((entry) => new URL(entry.name).pathname === path);
      const scripts = entries.filter((entry) => new URL(entry.name).pathname.endsWith('.js')).map((entry) => entry.startTime);
      return { call: call?.startTime ?? Infinity, firstScript: Math.min(...scripts) };
    }, api);
    expect(started.call).toBeLessThan(started.firstScript);
    expect(app.toastsSinceLastExpected()).toEqual([]);
  });

  test('a page opened with filters in its address asks for itself, once', async () => {
    const app = await harness.newApp();
    await app.signIn(LI_NA);
    await app.open('pages/details/allCustomers?level=A');
    const calls = await callsOfReloadedDocument(app.page, '/seller/fenghe/staff/customer/list');
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === '/seller/fenghe/staff/customer/list');
    await app.page.reload();
    expect((await answered).status()).toBe(200);
    await app.settled();
    const asked = calls();
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0] ?? '{}')).toMatchObject({ level: 'A', page: 1 });
    expect(await app.page.evaluate(() => '__salesEarlyCalls' in window)).toBe(false);
  });
});
