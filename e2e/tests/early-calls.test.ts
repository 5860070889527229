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
async function callsOfReloadedDocument(page: Page, api: string): Promise<{ bodies(): string[]; answered: Promise<number> }> {
  const session = await page.context().newCDPSession(page);
  const { frameTree } = await session.send('Page.getFrameTree');
  await session.send('Network.enable');
  const calls: { requestId: string; loaderId: string; body: string }[] = [];
  let document: string | null = null;
  let answer: (status: number) => void = () => undefined;
  // The status of the reloaded document's first call: waiting for any answer to `api` could take
  // the old document's, still out when the reload began, and look before the new call is sent.
  const answered = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the reloaded document got no answer to ${api} within 15 s`)), 15_000);
    answer = (status) => {
      clearTimeout(timer);
      resolve(status);
    };
  });
  session.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && event.frameId === frameTree.frame.id) document = event.loaderId;
    if (new URL(event.request.url).pathname === api) calls.push({ requestId: event.requestId, loaderId: event.loaderId, body: event.request.postData ?? '' });
  });
  session.on('Network.responseReceived', (event) => {
    if (calls.some((call) => call.requestId === event.requestId && call.loaderId === document)) answer(event.response.status);
  });
  return { bodies: () => calls.filter((call) => call.loaderId === document).map((call) => call.body), answered };
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
    const reloaded = await callsOfReloadedDocument(app.page, api);
    await app.page.reload();
    expect(await reloaded.answered).toBe(200);
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
    const bodies = reloaded.bodies();
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
    const reloaded = await callsOfReloadedDocument(app.page, '/seller/fenghe/staff/customer/list');
    await app.page.reload();
    expect(await reloaded.answered).toBe(200);
    await app.settled();
    const asked = reloaded.bodies();
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0] ?? '{}')).toMatchObject({ level: 'A', page: 1 });
    expect(await app.page.evaluate(() => '__salesEarlyCalls' in window)).toBe(false);
  });
});
