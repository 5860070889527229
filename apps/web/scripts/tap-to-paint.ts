/**
 * Tap to paint (issue 29): how long a tap takes to answer and to show the next page's data, in
 * Debian's Chromium driven by playwright-core at 390×844 with Lighthouse's slow-4G-like network
 * (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and 4× CPU slowdown through CDP.
 *
 * Each flow runs three times, each from a fresh context (own storage and HTTP cache, service workers
 * blocked: a first visit, before the worker precached the app) signed in through local storage:
 * the start page is loaded under the throttling and left to settle (network idle, its data on
 * screen, then two idle callbacks in a row on the main thread), then the entry is tapped. Measured
 * in the page, on performance.now()'s clock:
 *
 * - interaction latency (INP-like): the longest Event Timing entry (durationThreshold 16) of the
 *   tap's pointerdown, pointerup and click; none at or above 16 ms reads "< 16 ms";
 * - content painted: from the tap's pointerdown timestamp until the next page's data element is in
 *   the DOM with text (MutationObserver) and two animation frames later (the frame that drew it
 *   has been presented).
 *
 * Beside the figures, the run whose content painted is the median tells what the time went on: the
 * page's script and style files fetched after the tap, the API calls (from Resource Timing) and the
 * main-thread time in long animation frames.
 */
import { type Browser, type Locator, type Page, chromium } from 'playwright-core';
import { type AccountKey, ACCOUNTS, CHROMIUM, CHROMIUM_FLAGS, phoneStorage, printTable, seedStorage } from './bench-web-common';

interface TapFlow {
  name: string;
  account: AccountKey;
  /** The start page (route path) and the selector of its data, on screen before the tap. */
  start: string;
  ready: string;
  /** What is tapped. */
  entry: (page: Page) => Locator;
  /** The next page's route and its data element. */
  route: string;
  target: string;
}

const FLOWS: TapFlow[] = [
  {
    name: '首页 → 销售业绩',
    account: 'liNa',
    start: '/pages/index/index',
    ready: '[data-testid=home-month-amount]',
    entry: (page) => page.getByRole('navigation', { name: '功能入口' }).getByRole('button', { name: '销售业绩', exact: true }),
    route: '/pages/index/salesPerformance',
    target: '[data-testid=performance-person]',
  },
  {
    name: '客户列表 → 客户详情',
    account: 'liNa',
    start: '/pages/details/allCustomers',
    ready: '[data-testid=customer-list] [data-testid=customer-item]',
    entry: (page) => page.getByTestId('customer-list').getByTestId('customer-item').first(),
    route: '/pages/details/customerDetails',
    target: '[data-testid=customer-header] [data-testid=customer-name]',
  },
  {
    name: '我的 → 今日待办',
    account: 'zhangWei',
    start: '/pages/my/index',
    ready: '[data-testid=todo-entry-badge]',
    entry: (page) => page.getByTestId('todo-entry'),
    route: '/pages/my/todo',
    target: '[data-testid=todo-due-item]',
  },
  {
    name: '我的周报 → 写周报',
    account: 'zhangWei',
    start: '/pages/weeklyReport/index',
    ready: '[data-testid=period-card-write]',
    entry: (page) => page.getByTestId('period-card-write'),
    route: '/pages/weeklyReport/index?write=1',
    target: '[data-testid=report-form] [data-testid=report-metrics-orders]',
  },
];

/** Lighthouse's mobile slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) as DevTools throttling. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = 3;
const TARGET_INP_MS = 200;
const TARGET_PAINT_MS = 500;
/** How long the start page is looked at before the tap, after it has settled (0: tapped at once). */
const DWELL_MS = Number(process.env.BENCH_WEB_TAP_DWELL_MS ?? 0);

interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}
interface ResourceEntry {
  path: string;
  initiator: string;
  start: number;
  end: number;
  bytes: number;
}
interface FrameEntry {
  start: number;
  duration: number;
  blocking: number;
  scripts: { source: string; invoker: string; duration: number }[];
}
interface TapRun {
  /** Longest Event Timing duration of the tap's pointerdown/pointerup/click (null: all under 16 ms). */
  inpMs: number | null;
  inpEvent: EventEntry | null;
  /** Tap → data element in the DOM, and → the frame after it presented. */
  foundMs: number;
  paintedMs: number;
  /** Times relative to the tap. */
  resources: ResourceEntry[];
  frames: FrameEntry[];
}

/** Observers installed before the app's code on every document of the context. */
function instrument(): void {
  interface Bench {
    events: EventEntry[];
    frames: { startTime: number; duration: number; blockingDuration: number; scripts: { sourceURL: string; invoker: string; duration: number }[] }[];
  }
  const bench: Bench = { events: [], frames: [] };
  (window as unknown as { __bench: Bench }).__bench = bench;
  performance.setResourceTimingBufferSize(2000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      bench.events.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.frames.push(entry.toJSON() as Bench['frames'][number]);
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // A Chromium without long animation frames: the breakdown goes without main-thread time.
  }
}

/** Resolves once the main thread has been idle twice in a row (two idle callbacks without their timeout). */
function settle(): Promise<void> {
  return new Promise((resolve) => {
    let calm = 0;
    const next = () =>
      requestIdleCallback(
        (deadline) => {
          calm = deadline.didTimeout ? 0 : calm + 1;
          if (calm >= 2) resolve();
          else next();
        },
        { timeout: 1000 },
      );
    next();
  });
}

/**
 * Arms the measurement before the tap: the first pointerdown's timestamp is the tap; a
 * MutationObserver notes when the target has text, then two animation frames later the content is
 * painted; two more frames let the Event Timing entries of the tap be delivered.
 */
function arm(target: string): void {
  const win = window as unknown as { __tap: Promise<{ tap: number; found: number; painted: number }> };
  win.__tap = new Promise((resolve) => {
    let tap: number | null = null;
    let found: number | null = null;
    const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
    const check = () => {
      if (tap === null || found !== null) return;
      const element = document.querySelector(target);
      if (!element?.textContent?.trim()) return;
      found = performance.now();
      observer.disconnect();
      const start = tap;
      const at = found;
      void frame()
        .then(frame)
        .then(() => {
          const painted = performance.now();
          return frame()
            .then(frame)
            .then(() => resolve({ tap: start, found: at, painted }));
        });
    };
    const observer = new MutationObserver(check);
    window.addEventListener(
      'pointerdown',
      (event) => {
        tap = event.timeStamp;
        observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
        check();
      },
      { capture: true, once: true },
    );
  });
}

/** What the page recorded, relative to the tap. */
async function collect(page: Page): Promise<TapRun> {
  return page.evaluate(async () => {
    const win = window as unknown as {
      __tap: Promise<{ tap: number; found: number; painted: number }>;
      __bench: { events: EventEntry[]; frames: { startTime: number; duration: number; blockingDuration: number; scripts: { sourceURL: string; invoker: string; duration: number }[] }[] };
    };
    const { tap, found, painted } = await win.__tap;
    const events = win.__bench.events.filter((entry) => entry.startTime >= tap - 1 && ['pointerdown', 'pointerup', 'click'].includes(entry.name));
    const longest = events.reduce<EventEntry | null>((max, entry) => (!max || entry.duration > max.duration ? entry : max), null);
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime >= tap && entry.startTime <= painted)
      .map((entry) => ({ path: new URL(entry.name).pathname, initiator: entry.initiatorType, start: entry.startTime - tap, end: entry.responseEnd - tap, bytes: entry.encodedBodySize }));
    const frames = win.__bench.frames
      .filter((entry) => entry.startTime + entry.duration >= tap && entry.startTime <= painted)
      .map((entry) => ({
        start: entry.startTime - tap,
        duration: entry.duration,
        blocking: entry.blockingDuration,
        scripts: entry.scripts.map((script) => ({ source: script.sourceURL ? new URL(script.sourceURL).pathname : '', invoker: script.invoker, duration: script.duration })),
      }));
    return {
      inpMs: longest?.duration ?? null,
      inpEvent: longest ? { ...longest, startTime: longest.startTime - tap, processingStart: longest.processingStart - tap, processingEnd: longest.processingEnd - tap } : null,
      foundMs: found - tap,
      paintedMs: painted - tap,
      resources,
      frames,
    };
  });
}

async function runFlow(browser: Browser, base: string, flow: TapFlow, storage: Record<string, string>): Promise<TapRun> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'block',
  });
  try {
    await seedStorage(context, base, storage);
    // tsx compiles named functions with esbuild's keepNames: the functions handed to the page call __name.
    await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}/#${flow.start}`, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.locator(flow.ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // The throttled idle wait: the start page's late work (deferred queries, effects) done before the tap.
    await page.evaluate(settle);
    // BENCH_WEB_TAP_DWELL_MS: a person who looks at the page a while before tapping (the next pages'
    // files are prefetched once the page has been quiet a few seconds, app/next-routes.ts).
    if (DWELL_MS > 0) await page.waitForTimeout(DWELL_MS);
    if ((await page.locator(flow.target).count()) > 0) throw new Error(`${flow.name}: ${flow.target} is on the start page already`);
    await page.evaluate(arm, flow.target);
    await flow.entry(page).tap();
    const run = await collect(page);
    const [path, query] = flow.route.split('?');
    const url = new URL(page.url());
    const [hashPath, hashQuery] = url.hash.replace(/^#/, '').split('?');
    if (hashPath !== path || (query && !(hashQuery ?? '').includes(query))) throw new Error(`${flow.name}: ended on ${url.hash}, not ${flow.route}`);
    return run;
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const inpText = (value: number | null) => (value === null ? '< 16 ms' : ms(value));

/** One run's story: chunks, API calls, main thread and the longest event's phases. */
function breakdown(run: TapRun): string[] {
  const chunks = run.resources.filter((entry) => /\.(js|css)$/.test(entry.path));
  const calls = run.resources.filter((entry) => entry.initiator === 'fetch' || entry.initiator === 'xmlhttprequest');
  const lines: string[] = [];
  if (run.inpEvent) {
    const event = run.inpEvent;
    lines.push(
      `longest event ${event.name} ${ms(event.duration)}: input delay ${ms(event.processingStart - event.startTime)}, handlers ${ms(event.processingEnd - event.processingStart)}, to next paint ${ms(event.startTime + event.duration - event.processingEnd)}`,
    );
  }
  if (run.inpEvent) {
    // What held the main thread while the tap waited and ran: the long animation frames it overlaps.
    const event = run.inpEvent;
    const during = run.frames.filter((frame) => frame.start < event.startTime + event.duration && frame.start + frame.duration > event.startTime - 1);
    const scripts = during.flatMap((frame) => frame.scripts).filter((script) => script.duration >= 5);
    if (scripts.length > 0) lines.push(`during the tap: ${scripts.map((script) => `${script.invoker}${script.source ? ` (${script.source})` : ''} ${ms(script.duration)}`).join(', ')}`);
  }
  if (chunks.length > 0) {
    const first = Math.min(...chunks.map((entry) => entry.start));
    const last = Math.max(...chunks.map((entry) => entry.end));
    lines.push(`${chunks.length} JS/CSS files fetched after the tap (${(chunks.reduce((sum, entry) => sum + entry.bytes, 0) / 1024).toFixed(1)} KB on the wire): +${Math.round(first)} → +${Math.round(last)} ms`);
  } else lines.push('no JS/CSS fetched after the tap (the route was loaded already)');
  for (const call of calls) lines.push(`API ${call.path}: +${Math.round(call.start)} → +${Math.round(call.end)} ms`);
  const busy = run.frames.filter((frame) => frame.start < run.foundMs);
  const scripts = new Map<string, number>();
  for (const frame of busy) for (const script of frame.scripts) scripts.set(script.source || script.invoker, (scripts.get(script.source || script.invoker) ?? 0) + script.duration);
  const top = [...scripts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  lines.push(
    `main thread until the data: ${busy.length} long frames, ${ms(busy.reduce((sum, frame) => sum + frame.duration, 0))} (blocking ${ms(busy.reduce((sum, frame) => sum + frame.blocking, 0))})` +
      (top.length > 0 ? `; scripts ${top.map(([source, duration]) => `${source} ${ms(duration)}`).join(', ')}` : ''),
  );
  lines.push(`data element in the DOM +${Math.round(run.foundMs)} ms, painted +${Math.round(run.paintedMs)} ms`);
  return lines;
}

/** Runs every flow three times and prints the table and the median run's breakdown of each. */
export async function measureTapToPaint(base: string): Promise<void> {
  const only = process.env.BENCH_WEB_TAP_ONLY;
  const flows = FLOWS.filter((flow) => !only || flow.name.includes(only));
  const storages = new Map<AccountKey, Record<string, string>>();
  for (const flow of flows) if (!storages.has(flow.account)) storages.set(flow.account, await phoneStorage(base, flow.account));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const results: { flow: TapFlow; runs: TapRun[]; error?: string }[] = [];
  try {
    for (const flow of flows) {
      console.log(`\ntap to paint: ${flow.name} (${ACCOUNTS[flow.account].name}), ${RUNS} runs…`);
      const runs: TapRun[] = [];
      try {
        for (let index = 0; index < RUNS; index += 1) {
          const run = await runFlow(browser, base, flow, storages.get(flow.account) ?? {});
          console.log(`  run ${index + 1}: INP ${inpText(run.inpMs)}, content painted ${ms(run.paintedMs)}`);
          runs.push(run);
        }
        results.push({ flow, runs });
      } catch (error) {
        console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
        results.push({ flow, runs, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    await browser.close();
  }

  console.log(
    `\nTap to paint on ${base}: Chromium at 390×844, CPU ${CPU_SLOWDOWN}× slower, network 150 ms latency / 1.6 Mbit/s down / 750 kbit/s up, service workers blocked, ${RUNS} runs each from a fresh load` +
      (DWELL_MS > 0 ? `, tapped ${DWELL_MS} ms after the page settled` : ''),
  );
  printTable(
    ['flow', 'user', 'INP median', 'INP max', 'content painted median', 'content painted max', 'target'],
    results.map(({ flow, runs, error }) => {
      if (runs.length < RUNS) return [flow.name, ACCOUNTS[flow.account].name, 'failed', '', '', '', error ?? ''];
      const inps = runs.map((run) => run.inpMs ?? 0);
      const inpMet = inps.filter((value) => value <= TARGET_INP_MS).length;
      const paintMet = runs.filter((run) => run.paintedMs <= TARGET_PAINT_MS).length;
      const inpMedian = median(inps);
      const inpMax = Math.max(...inps);
      const painted = runs.map((run) => run.paintedMs);
      return [
        flow.name,
        ACCOUNTS[flow.account].name,
        inpMedian === 0 ? '< 16 ms' : ms(inpMedian),
        inpMax === 0 ? '< 16 ms' : ms(inpMax),
        ms(median(painted)),
        ms(Math.max(...painted)),
        `INP ≤ ${TARGET_INP_MS} ms in ${inpMet}/${RUNS} runs, painted ≤ ${TARGET_PAINT_MS} ms in ${paintMet}/${RUNS}`,
      ];
    }),
  );
  for (const { flow, runs } of results) {
    if (runs.length < RUNS) continue;
    const middle = median(runs.map((run) => run.paintedMs));
    const run = runs.find((candidate) => candidate.paintedMs === middle) ?? runs[0];
    if (!run) continue;
    console.log(`\n${flow.name}, the median run (times after the tap):`);
    for (const line of breakdown(run)) console.log(`  ${line}`);
  }
}
