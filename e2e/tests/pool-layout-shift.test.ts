/**
 * 公海客户 opened cold at 390×844 (issue 29: no layout shift): the page's list and its rules (the
 * caps line, the caller's usage, whether they claim or assign) come from separate calls, and the
 * page stands still whichever answers first, for a leader (selection boxes) and a salesperson (领取
 * and the usage line), with the longest rules line and with the shortest.
 */
import * as ROUTES from '@sales/contract/routes';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { type DemoAccount, LI_NA, ZHANG_WEI } from '../support/accounts';
import { setPoolRules } from '../support/api';
import { type AppPage, useApp } from '../support/app';
import { PHONE_VIEWPORT } from '../support/chromium';
import { SITE_101 } from '../support/sales-api';

const harness = useApp();

const POOL = 'pages/details/customerPool';
const NO_RULES = { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null };
/** Every cap set, with the largest numbers the console accepts: the longest rules line. */
const LONGEST_RULES = { ownLimit: 100_000, dailyClaimLimit: 100_000, reclaimBlockDays: 3650 };

interface Shift {
  value: number;
  sources: string[];
}

/** Records the document's layout shifts from its start (CLS's entries), with what moved and where. */
async function recordLayoutShifts(page: Page): Promise<() => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? node.nodeName : 'a removed node';
      const testId = node.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${node.classList.length > 0 ? `.${[...node.classList].join('.')}` : ''}`;
    };
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    new PerformanceObserver((list) => {
      type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, sources: entry.sources.map((source) => `${describe(source.node)}: ${rect(source.previousRect)} → ${rect(source.currentRect)}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

/** Holds the answers to a call until the returned function releases them. */
async function holdCall(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** What each answer brings on screen: the list's cards, the rules line. */
const shows = {
  list: (app: AppPage) => app.page.getByTestId('pool-item').first().waitFor(),
  rules: (app: AppPage) => app.page.getByTestId('pool-rules').waitFor(),
};

/**
 * Signs in, then opens 公海客户 as a new document with both answers held; once the shell and the
 * loading views have painted, releases them one after the other. Returns the document's shifts.
 */
async function coldLoad(account: DemoAccount, first: 'list' | 'rules'): Promise<{ app: AppPage; shifts: Shift[] }> {
  const app = await harness.newApp({ viewport: PHONE_VIEWPORT });
  const shifts = await recordLayoutShifts(app.page);
  await app.signIn(account);
  const releases = { list: await holdCall(app.page, ROUTES.poolList), rules: await holdCall(app.page, ROUTES.poolRules) };
  await app.open(POOL);
  await app.waitForTitle('公海客户');
  await app.page.getByTestId('list-skeleton').waitFor();
  await app.page.locator('.list-toolbar').waitFor();
  await app.settled();
  const second = first === 'list' ? 'rules' : 'list';
  releases[first]();
  await shows[first](app);
  await app.settled();
  releases[second]();
  await shows[second](app);
  await app.page.locator('.adm-infinite-scroll').waitFor();
  await app.settled();
  return { app, shifts: await shifts() };
}

/** The summed shift, with every entry's sources in the failure message. */
function expectNoShift(shifts: Shift[]): void {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.001);
}

afterAll(async () => {
  await setPoolRules(SITE_101, NO_RULES);
});

describe('公海客户 cold: nothing moves while its answers come in (issue 29)', () => {
  test.each([
    ['李娜 (a leader)', 'list', LI_NA],
    ['李娜 (a leader)', 'rules', LI_NA],
    ['张伟 (a salesperson)', 'list', ZHANG_WEI],
    ['张伟 (a salesperson)', 'rules', ZHANG_WEI],
  ] as const)('%s, the %s answering first, with the longest rules line', async (_name, first, account) => {
    await setPoolRules(SITE_101, LONGEST_RULES);
    const { app, shifts } = await coldLoad(account, first);
    expectNoShift(shifts);
    // The page's own parts for the role, from the server's answer.
    const items = app.page.getByTestId('pool-item');
    if (account === LI_NA) {
      expect(await items.first().getByTestId('pool-select').count()).toBe(1);
      expect(await app.page.getByTestId('pool-usage').count()).toBe(0);
    } else {
      expect(await items.first().getByTestId('pool-claim').count()).toBe(1);
      expect(await app.page.getByTestId('pool-usage').textContent()).toMatch(/^已拥有 \d+\/100000 · 今日已领取 \d+\/100000$/);
    }
    expect(await app.page.getByTestId('pool-rules').innerText()).toContain('前负责人 3650 天内不能再领取');
    expect(app.pageErrors).toEqual([]);
  });

  test('张伟 with the shortest rules line (no caps), the list answering first', async () => {
    await setPoolRules(SITE_101, { ownLimit: null, dailyClaimLimit: 0, reclaimBlockDays: null });
    const { app, shifts } = await coldLoad(ZHANG_WEI, 'list');
    expectNoShift(shifts);
    expect(await app.page.getByTestId('pool-rules').innerText()).toContain('每日领取上限 0');
  });
});
