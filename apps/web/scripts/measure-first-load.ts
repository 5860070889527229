/**
 * Measures what a phone downloads and sees when it opens the login page, home and the customer
 * list: every JS and CSS file each route requests on a cold load with its gzip size, then
 * Lighthouse 12 mobile (simulated slow 4G, 4× CPU) of a blank page of the same server (the
 * limit), the login page cold, and home and the customer list cold and warm (a repeat visit with
 * the service worker in control), as one table beside the targets of issue 20.
 *
 *   npm run bench:web                          # builds the web app, starts `npm start`'s server on a fresh PGlite
 *   npm run bench:web -- http://localhost:3000 # against a running server
 *   BENCH_WEB_LIGHTHOUSE=0 npm run bench:web   # sizes only
 *   BENCH_WEB_ONLY="home warm"                 # only the Lighthouse runs whose page and visit contain it
 *   BENCH_WEB_DETAILS=1, BENCH_WEB_SAVE=<dir>  # main-thread time per script; each report as JSON
 *
 * Home and the customer list need a session: the script logs 李娜 in through the API and writes
 * the session into local storage the way the app keeps it (lib/storage.ts: JSON values under the
 * keys of DESIGN §3) on a same-origin page that loads no app code, then runs Lighthouse with its
 * storage reset turned off and clears the HTTP cache itself, so a cold run is a first load. The
 * blank page is written into this checkout's web build for the run (apps/web/dist/bench-blank.html).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  tbtMs: number;
  fcpMs: number;
  /** Bytes transferred, headers and compression included (Lighthouse's total-byte-weight). */
  wireBytes: number;
  requests: number;
  accessibility: number;
  bestPractices: number;
  lcpElement: string;
  failed: string[];
  /** Main-thread time per script (Lighthouse's bootup-time), the largest first. */
  scripts: { url: string; ms: number }[];
}

type Visit = 'cold' | 'warm';

class LighthouseRunError extends Error {}

/** A page of the same server that loads nothing: the limit a page of this server can reach. */
const BLANK_FILE = 'bench-blank.html';
const BLANK_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>销售助手</title><link rel="icon" href="data:,"></head><body><p>销售助手</p></body></html>';

const itemsOf = (details: unknown): unknown[] =>
  typeof details === 'object' && details !== null && 'items' in details && Array.isArray(details.items) ? details.items : [];

/**
 * A cold visit: a new profile (no service worker, empty HTTP cache), signed in through local
 * storage for the signed-in routes. A warm visit: the same page opened once before in the same
 * profile, its service worker installed and in control, nothing cleared — a repeat visit.
 */
async function runLighthouse(base: string, url: string, storage: Record<string, string> | null, visit: Visit): Promise<LighthouseFigures> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-chromium-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  try {
    if (storage || visit === 'warm') {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      if (!context) throw new Error('no default browser context');
      if (storage) await seedStorage(context, base, storage);
      if (visit === 'warm') {
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'networkidle' });
        // The worker installs (precaching the app) after the load; a repeat visit finds it in control.
        await page.evaluate(async () => {
          if (!('serviceWorker' in navigator)) return;
          await navigator.serviceWorker.ready;
        });
        await page.reload({ waitUntil: 'networkidle' });
        await page.close();
      }
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Signed in: keep the storage written above (seedStorage cleared the HTTP cache). Warm: keep
      // the service worker and the caches of the visit before.
      disableStorageReset: storage !== null || visit === 'warm',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // Its own trace recording failed (NO_NAVSTART, NO_FCP; seen on a busy machine): nothing was measured.
    if (result.lhr.runtimeError) throw new LighthouseRunError(result.lhr.runtimeError.code);
    if (process.env.BENCH_WEB_SAVE) writeFileSync(path.join(process.env.BENCH_WEB_SAVE, `${url.replace(/\W+/g, '_')}-${visit}.json`), JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failed = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric'))
      .map((audit) => {
        // The elements an accessibility audit flags, so a failure says where to look.
        const nodes = itemsOf(audit.details).flatMap((item: unknown) => {
          const node = typeof item === 'object' && item !== null && 'node' in item ? item.node : null;
          return typeof node === 'object' && node !== null && 'selector' in node && typeof node.selector === 'string' ? [node.selector] : [];
        });
        return nodes.length > 0 ? `${audit.id} (${nodes.slice(0, 4).join(' | ')})` : audit.id;
      });
    const lcpItems = itemsOf(audits['largest-contentful-paint-element']?.details).flatMap((table) => itemsOf(table));
    const lcpNode = lcpItems.find((item): item is { node: { snippet?: string } } => typeof item === 'object' && item !== null && 'node' in item);
    const scripts = itemsOf(audits['bootup-time']?.details).flatMap((item) =>
      typeof item === 'object' && item !== null && 'url' in item && 'total' in item && typeof item.url === 'string' && typeof item.total === 'number'
        ? [{ url: item.url.replace(base, ''), ms: item.total }]
        : [],
    );
    return {
      performance: score('performance'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      wireBytes: numeric('total-byte-weight'),
      requests: itemsOf(audits['network-requests']?.details).length,
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpElement: lcpNode?.node.snippet ?? '—',
      failed,
      scripts,
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The targets per page and visit (docs/performance.md, issue 20). */
const TARGETS: Record<string, string> = {
  'login cold': '≤ 100 KB, perf ≥ 98, LCP ≤ 1.2 s',
  'home cold': 'perf ≥ 90, LCP ≤ 1.8 s, TBT ≤ 300 ms, ≤ 30 requests',
  'home warm': 'perf ≥ 95, LCP ≤ 1.0 s',
  'customer list cold': 'perf ≥ 90, LCP ≤ 2.0 s',
  'customer list warm': 'perf ≥ 95, LCP ≤ 1.0 s',
};

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const given = process.argv[2] ?? process.env.BASE_URL;
  const started = given ? null : await startServer();
  const base = (given ?? started?.base ?? '').replace(/\/+$/, '');
  // The blank page is written into this checkout's build, which `npm start` serves.
  const blankPath = path.join(webDir, 'dist', BLANK_FILE);
  if (existsSync(path.dirname(blankPath))) writeFileSync(blankPath, BLANK_HTML);
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

    const filesRows = sizes.map(({ route, files }) => {
      const sum = (extension: string) => files.filter((file) => file.url.endsWith(extension)).reduce((total, file) => total + file.gzip, 0);
      return [route.name, String(files.length), kb(sum('.js')), kb(sum('.css')), kb(sum('.js') + sum('.css')), ''];
    });
    console.log(`\nJS and CSS of a cold first load on ${base} (gzip level 9; service workers blocked)`);
    printTable(['route', 'files', 'JS gzip', 'CSS gzip', 'total gzip', ''], filesRows);

    if (process.env.BENCH_WEB_LIGHTHOUSE === '0') return;
    const details = process.env.BENCH_WEB_DETAILS === '1';
    const runs: { page: string; visit: Visit; figures: LighthouseFigures | null }[] = [];
    const blankUrl = `${base}/${BLANK_FILE}`;
    const blankServed = await fetch(blankUrl).then((response) => response.ok, () => false);
    const plan: { page: string; url: string; storage: Record<string, string> | null; visit: Visit }[] = [
      ...(blankServed ? [{ page: 'blank page', url: blankUrl, storage: null, visit: 'cold' as const }] : []),
      ...ROUTES.flatMap((route) =>
        (route.signedIn ? (['cold', 'warm'] as const) : (['cold'] as const)).map((visit) => ({
          page: route.name,
          url: `${base}/#${route.path}`,
          storage: route.signedIn ? storage : null,
          visit,
        })),
      ),
    ];
    // BENCH_WEB_ONLY=<text>: only the runs whose page and visit contain it ("home warm", "login").
    const only = process.env.BENCH_WEB_ONLY;
    for (const step of plan.filter((entry) => !only || `${entry.page} ${entry.visit}`.includes(only))) {
      console.log(`\nLighthouse (mobile, simulated slow 4G, 4× CPU) on ${step.page}, ${step.visit}…`);
      try {
        // A run whose trace failed is taken again, from a new profile, once.
        const figures = await runLighthouse(base, step.url, step.storage, step.visit).catch((error: unknown) => {
          if (!(error instanceof LighthouseRunError)) throw error;
          console.log(`  Lighthouse: ${error.message}, measuring again`);
          return runLighthouse(base, step.url, step.storage, step.visit);
        });
        runs.push({ page: step.page, visit: step.visit, figures });
        if (figures.failed.length > 0) console.log(`  audits below 90:\n    ${figures.failed.join('\n    ')}`);
        console.log(`  LCP element: ${figures.lcpElement}`);
        if (details) for (const script of figures.scripts.slice(0, 12)) console.log(`  ${String(Math.round(script.ms)).padStart(6)} ms  ${script.url}`);
      } catch (error) {
        // Lighthouse's own trace errors (NO_NAVSTART, NO_FCP) on a busy machine: shown, not hidden.
        console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
        runs.push({ page: step.page, visit: step.visit, figures: null });
      }
    }
    console.log(`\nLighthouse 12 mobile on ${base} (plain HTTP/1.1)`);
    printTable(
      ['page', 'visit', 'on the wire', 'requests', 'perf', 'LCP', 'TBT', 'FCP', 'a11y', 'best pr.', 'target'],
      runs.map(({ page, visit, figures }) =>
        figures
          ? [
              page,
              visit,
              kb(figures.wireBytes),
              String(figures.requests),
              String(figures.performance),
              `${(figures.lcpMs / 1000).toFixed(2)} s`,
              `${Math.round(figures.tbtMs)} ms`,
              `${(figures.fcpMs / 1000).toFixed(2)} s`,
              String(figures.accessibility),
              String(figures.bestPractices),
              TARGETS[`${page} ${visit}`] ?? '',
            ]
          : [page, visit, 'failed', '', '', '', '', '', '', '', TARGETS[`${page} ${visit}`] ?? ''],
      ),
    );
  } finally {
    rmSync(blankPath, { force: true });
    await started?.stop();
  }
}

await main();
