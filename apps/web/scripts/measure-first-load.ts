/**
 * Measures what a phone downloads and sees on a first visit of the login page, home and the
 * customer list: every JS and CSS file each route requests with its gzip size, then a Lighthouse
 * mobile run (performance, LCP, accessibility, best practices) of each.
 *
 *   npm run bench:web                          # builds the web app, starts `npm start`'s server on a fresh PGlite
 *   npm run bench:web -- http://localhost:3000 # against a running server
 *   BENCH_WEB_LIGHTHOUSE=0 npm run bench:web   # sizes only
 *
 * Home and the customer list need a session: the script logs 李娜 in through the API and writes
 * the session into local storage the way the app keeps it (lib/storage.ts: JSON values under the
 * keys of DESIGN §3) on a same-origin page that loads no app code, then runs Lighthouse with its
 * storage reset turned off and clears the HTTP cache itself, so every run is a cold first load.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_VERSION, derivePermissions, mergeSites, PLATFORM, resolveCurrentSite, STORAGE_KEYS, type LoginResult, type UserInfo } from '@sales/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The Chromium flags of STACK.md. */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ACCOUNT = { phone: '13800000002', password: 'Demo@2025' }; // 李娜, a leader who sees home
const READY_TIMEOUT_MS = 600_000;

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
}
const ROUTES: Route[] = [
  { name: 'login', path: '/pages/login/index', signedIn: false },
  { name: 'home', path: '/pages/index/index', signedIn: true },
  { name: 'customer list', path: '/pages/details/allCustomers', signedIn: true },
];

const webDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webDir, '..', '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Builds the web app and starts the server as `npm start` does, on a fresh PGlite data dir. */
async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  console.log('building the web app (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: path.join(repoRoot, 'apps', 'server'),
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: npx → tsx → node, all stopped together (killing npx alone left the server running).
    detached: true,
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        if (server.pid) process.kill(-server.pid, 'SIGTERM');
        else server.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  console.log(`starting the server on ${base} (fresh PGlite in ${dataDir}, demo data)…`);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${base}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return { base, stop };
    await sleep(500);
  }
  await stop();
  throw new Error('the server did not become healthy');
}

async function api<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', platform: PLATFORM, Version: APP_VERSION, ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (response.status !== 200 || envelope.code !== 200) throw new Error(`${url}: HTTP ${response.status} ${envelope.msg}`);
  return envelope.data;
}

/** The local storage entries a password login leaves behind (features/auth/session-store.ts). */
async function signedInStorage(base: string): Promise<Record<string, string>> {
  const login = await api<LoginResult>(base, '/seller/user/v2/login', ACCOUNT);
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

/** Writes the entries on /healthz (same origin, no app code, no service worker) and drops the HTTP cache. */
async function seedStorage(context: BrowserContext, base: string, entries: Record<string, string>): Promise<void> {
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

interface FileSize {
  url: string;
  raw: number;
  gzip: number;
}

async function firstLoad(context: BrowserContext, base: string, route: Route): Promise<FileSize[]> {
  const page = await context.newPage();
  const files: FileSize[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    pending.push(
      response.body().then((body) => {
        files.push({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(`${base}/#${route.path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  return files.sort((a, b) => b.gzip - a.gzip);
}

interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  accessibility: number;
  bestPractices: number;
  failed: string[];
}

async function runLighthouse(base: string, route: Route, storage: Record<string, string> | null): Promise<LighthouseFigures> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-chromium-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  try {
    if (storage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      if (!context) throw new Error('no default browser context');
      await seedStorage(context, base, storage);
      await browser.close();
    }
    const result = await lighthouse(`${base}/#${route.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // A signed-in run keeps the storage written above; seedStorage cleared the HTTP cache.
      disableStorageReset: storage !== null,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failed = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric'))
      .map((audit) => {
        // The elements an accessibility audit flags, so a failure says where to look.
        const items = audit.details && 'items' in audit.details && Array.isArray(audit.details.items) ? audit.details.items : [];
        const nodes = items.flatMap((item: unknown) => {
          const node = typeof item === 'object' && item !== null && 'node' in item ? item.node : null;
          return typeof node === 'object' && node !== null && 'selector' in node && typeof node.selector === 'string' ? [node.selector] : [];
        });
        return nodes.length > 0 ? `${audit.id} (${nodes.slice(0, 4).join(' | ')})` : audit.id;
      });
    return {
      performance: score('performance'),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      failed,
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const given = process.argv[2] ?? process.env.BASE_URL;
  const started = given ? null : await startServer();
  const base = (given ?? started?.base ?? '').replace(/\/+$/, '');
  try {
    const storage = await signedInStorage(base);
    const sizes: { route: Route; files: FileSize[] }[] = [];
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      for (const route of ROUTES) {
        // The service worker's precaching after load is not part of what the page needs to show.
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', serviceWorkers: 'block' });
        if (route.signedIn) await seedStorage(context, base, storage);
        sizes.push({ route, files: await firstLoad(context, base, route) });
        await context.close();
      }
    } finally {
      await browser.close();
    }
    for (const { route, files } of sizes) {
      console.log(`\n${route.name} (${route.path}): every JS and CSS file of the first load`);
      for (const file of files) console.log(`${kb(file.gzip).padStart(9)} gzip  ${kb(file.raw).padStart(9)} raw  ${file.url}`);
    }

    const lighthouseOn = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
    const figures = new Map<string, LighthouseFigures>();
    if (lighthouseOn) {
      for (const route of ROUTES) {
        console.log(`\nLighthouse (mobile) on ${route.name}…`);
        const result = await runLighthouse(base, route, route.signedIn ? storage : null);
        figures.set(route.name, result);
        if (result.failed.length > 0) console.log(`  audits below 90:\n    ${result.failed.join('\n    ')}`);
      }
    }

    const rows = sizes.map(({ route, files }) => {
      const sum = (extension: string) => files.filter((file) => file.url.endsWith(extension)).reduce((total, file) => total + file.gzip, 0);
      const lh = figures.get(route.name);
      return [
        route.name,
        String(files.length),
        kb(sum('.js')),
        kb(sum('.css')),
        kb(sum('.js') + sum('.css')),
        lh ? String(lh.performance) : '—',
        lh ? `${(lh.lcpMs / 1000).toFixed(2)} s` : '—',
        lh ? String(lh.accessibility) : '—',
        lh ? String(lh.bestPractices) : '—',
      ];
    });
    const header = ['route', 'files', 'JS gzip', 'CSS gzip', 'total gzip', 'perf', 'LCP', 'a11y', 'best pr.'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
    console.log(`\nFirst load on ${base} (targets: ≤ 110 KB on login; perf ≥ 97, LCP ≤ 1.5 s, a11y ≥ 97, best practices 100)`);
    console.log(line(header));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    await started?.stop();
  }
}

await main();
