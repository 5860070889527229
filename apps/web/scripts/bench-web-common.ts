/**
 * What the web benchmarks share (measure-first-load.ts, tap-to-paint.ts): Debian's Chromium with
 * the flags of STACK.md, the demo accounts, a session written into local storage the way the apps
 * keep it, and the markdown table the lead pastes into docs/performance.md.
 */
import { APP_VERSION, derivePermissions, mergeSites, PLATFORM, resolveCurrentSite, STORAGE_KEYS, type LoginResult, type UserInfo } from '@sales/contract';
import { Launcher } from 'chrome-launcher';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The Chromium flags of STACK.md. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * The omnibox popup that Chromium 156 builds as web pages (chrome://omnibox-popup.top-chrome and
 * its AI mode page): a headless window has no address bar, yet every launch started a renderer for
 * them beside the page Lighthouse measures (e2e/support/chromium.ts says the same of the suite).
 */
const OMNIBOX_PAGES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * CHROMIUM_FLAGS for chrome-launcher (Lighthouse's Chromium), without the omnibox pages. Chromium
 * keeps only the last --disable-features, so the list repeats chrome-launcher's own, read from it.
 */
export const LIGHTHOUSE_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...(Launcher.defaultFlags().find((flag) => flag.startsWith('--disable-features='))?.slice('--disable-features='.length).split(',') ?? []), ...OMNIBOX_PAGES].join(',')}`,
];

/** The demo accounts the benchmarks sign in as (README: every demo password is Demo@2025). */
export const ACCOUNTS = {
  /** 李娜, leader of 华东一部 (101): sees home, the customer list, the 公海 and her notices. */
  liNa: { name: '李娜', phone: '13800000002', password: 'Demo@2025' },
  /** 张伟, salesperson of 101: has due customers on 今日待办 (李娜 has none) and writes a weekly report. */
  zhangWei: { name: '张伟', phone: '13800000001', password: 'Demo@2025' },
  /** 赵敏, the demo 系统管理员 of the admin console. */
  zhaoMin: { name: '赵敏', phone: '13800000000', password: 'Demo@2025' },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function api<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', platform: PLATFORM, Version: APP_VERSION, ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (response.status !== 200 || envelope.code !== 200) throw new Error(`${url}: HTTP ${response.status} ${envelope.msg}`);
  return envelope.data;
}

/** The local storage entries a password login leaves behind in the phone app (features/auth/session-store.ts). */
export async function phoneStorage(base: string, account: AccountKey): Promise<Record<string, string>> {
  const { phone, password } = ACCOUNTS[account];
  const login = await api<LoginResult>(base, '/seller/user/v2/login', { phone, password });
  const userInfo = await api<UserInfo>(base, '/seller/user/info', { id: login.accountInfo.id, Version: APP_VERSION }, login.token);
  const currentSite = resolveCurrentSite(mergeSites(userInfo.positionUsers), null);
  const values: Record<string, unknown> = {
    [STORAGE_KEYS.token]: login.token,
    [STORAGE_KEYS.userId]: login.accountInfo.id,
    [STORAGE_KEYS.userInfo]: userInfo,
    [STORAGE_KEYS.currentSite]: currentSite,
    [STORAGE_KEYS.permissionData]: derivePermissions(userInfo, currentSite),
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)]));
}

/** The admin console's session: its own token, kept as a plain string under adminToken (apps/admin/src/api.ts). */
export async function consoleStorage(base: string, account: AccountKey): Promise<Record<string, string>> {
  const { phone, password } = ACCOUNTS[account];
  const login = await api<LoginResult>(base, '/seller/user/v2/login', { phone, password });
  return { adminToken: login.token };
}

/** Writes the entries on /healthz (same origin, no app code, no service worker) and drops the HTTP cache. */
export async function seedStorage(context: BrowserContext, base: string, entries: Record<string, string>): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate((values) => {
    window.localStorage.clear();
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, entries);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** A markdown table, numbers right-aligned (every column but the first and the last). */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** Which parts of `npm run bench:web` run: BENCH_WEB_PARTS="sizes,lighthouse,taps" (all by default); BENCH_WEB_LIGHTHOUSE=0 drops lighthouse. */
export function partsToRun(): Set<'sizes' | 'lighthouse' | 'taps'> {
  const named = (process.env.BENCH_WEB_PARTS ?? 'sizes,lighthouse,taps').split(/[\s,]+/).filter(Boolean);
  const parts = new Set<'sizes' | 'lighthouse' | 'taps'>();
  for (const part of named) {
    if (part !== 'sizes' && part !== 'lighthouse' && part !== 'taps') throw new Error(`BENCH_WEB_PARTS: unknown part "${part}" (sizes, lighthouse, taps)`);
    parts.add(part);
  }
  if (process.env.BENCH_WEB_LIGHTHOUSE === '0') parts.delete('lighthouse');
  return parts;
}
