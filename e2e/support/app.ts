import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { DemoAccount } from './accounts';
import { apiLogin, baseUrl, type Session } from './api';
import { connectBrowser, launchBrowser, newPhoneContext } from './chromium';
import { EnterCodePage, LoginPage, NavBar, SettingPage, SiteBadge, TabBar } from './pages';
import { AttendancePage, HomePage, RankingPage, StandardsPage } from './performance-pages';
import { OrderDetailPage, OrderListPage } from './order-pages';
import { CustomerListPage, CustomerPage, FollowUpFormSheet, RelationshipBindPage, ScannerPage, waitForSalesCall } from './sales-pages';

/** The local storage keys of DESIGN §3. */
export type StorageKey = 'token' | 'userId' | 'userInfo' | 'currentSite' | 'permissionData' | 'buildTime' | 'app-tabbar-index' | '__DC_STAT_UUID';

export interface AppRoute {
  /** Decoded app path: '/', '/pages/my/index', '/pages/weeklyReport/index copy'. */
  path: string;
  query: URLSearchParams;
}

/** Splits an app URL (http://host/#/pages/x?y=1) into its decoded hash path and query. */
export function parseRoute(url: string | URL): AppRoute {
  const hash = new URL(url).hash.replace(/^#/, '') || '/';
  const [rawPath = '/', rawQuery = ''] = hash.split('?', 2);
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Keep it as written.
  }
  return { path: decoded, query: new URLSearchParams(rawQuery) };
}

/** antd-mobile's toast text box. */
const TOAST_SELECTOR = '.adm-toast-main';
const TOAST_BINDING = '__e2eToastShown';

/**
 * Runs in the page (an init script, so it is serialised: no closure over this module): reports the
 * text of every toast box that appears, or whose text changes, to the test through the binding.
 */
function watchToasts({ binding, selector }: { binding: string; selector: string }): void {
  const reported = new WeakMap<Element, string>();
  const report = () => {
    for (const toast of document.querySelectorAll(selector)) {
      const text = toast.textContent?.trim() ?? '';
      if (text === '' || reported.get(toast) === text) continue;
      reported.set(toast, text);
      const send = (window as unknown as Record<string, unknown>)[binding];
      if (typeof send === 'function') void (send as (shown: string) => Promise<void>)(text);
    }
  };
  new MutationObserver(report).observe(document, { childList: true, subtree: true, characterData: true });
}

const screenshotDir = path.resolve(import.meta.dirname, '..', '.tmp', 'screenshots');

/** One browser tab of the app, with the shell's page objects. */
export class AppPage {
  readonly navBar: NavBar;
  readonly tabBar: TabBar;
  readonly badge: SiteBadge;
  readonly login: LoginPage;
  readonly enterCode: EnterCodePage;
  readonly setting: SettingPage;
  readonly customers: CustomerListPage;
  readonly customer: CustomerPage;
  readonly followUpForm: FollowUpFormSheet;
  readonly bind: RelationshipBindPage;
  readonly orders: OrderListPage;
  readonly order: OrderDetailPage;
  readonly scanner: ScannerPage;
  readonly home: HomePage;
  readonly ranking: RankingPage;
  readonly standards: StandardsPage;
  readonly attendance: AttendancePage;
  /** Uncaught errors thrown in the page; the harness fails the test when any are left. */
  readonly pageErrors: Error[] = [];
  /** Every toast text the page has shown, in order (filled by `recordToasts`). */
  private readonly toasts: string[] = [];
  private toastCursor = 0;
  private toastWaiters: (() => void)[] = [];

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    this.navBar = new NavBar(page);
    this.tabBar = new TabBar(page);
    this.badge = new SiteBadge(page);
    this.login = new LoginPage(this);
    this.enterCode = new EnterCodePage(page);
    this.setting = new SettingPage(page);
    this.customers = new CustomerListPage(page);
    this.customer = new CustomerPage(page);
    this.followUpForm = new FollowUpFormSheet(page);
    this.bind = new RelationshipBindPage(page);
    this.orders = new OrderListPage(page);
    this.order = new OrderDetailPage(page);
    this.scanner = new ScannerPage(page);
    this.home = new HomePage(page);
    this.ranking = new RankingPage(page);
    this.standards = new StandardsPage(page);
    this.attendance = new AttendancePage(page);
    page.on('pageerror', (error) => this.pageErrors.push(error));
  }

  /** The full URL of an app route: '' is the entry '/', 'pages/my/index?x=1' a page. */
  url(route: string): string {
    return `${this.baseUrl}/#/${route.replace(/^\/+/, '')}`;
  }

  async open(route: string): Promise<void> {
    await this.page.goto(this.url(route));
  }

  /** In-app navigation (no reload: works offline, keeps what the app has cached and loaded). */
  async goInApp(route: string): Promise<void> {
    await this.page.evaluate((hash) => {
      window.location.hash = hash;
    }, `#/${route}`);
  }

  /**
   * Holds the app's entry script back (the page shows what index.html paints without it) until
   * the returned function releases it.
   */
  async holdApp(): Promise<() => void> {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await this.page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  route(): AppRoute {
    return parseRoute(this.page.url());
  }

  /** Waits until the app shows the given (decoded) path, e.g. '/pages/my/index'. */
  async waitForRoute(appPath: string, timeout = 15_000): Promise<AppRoute> {
    await this.page.waitForURL((url) => parseRoute(url).path === appPath, { timeout });
    return this.route();
  }

  /** A local storage value, JSON-decoded (null when absent). */
  async storage(key: StorageKey): Promise<unknown> {
    const raw = await this.page.evaluate((name) => window.localStorage.getItem(name), key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }

  /**
   * Starts recording every toast the page shows (see `waitForToast`); runs before the page's own
   * scripts in every document of this tab, so a reload keeps recording into the same log.
   */
  async recordToasts(): Promise<void> {
    await this.page.exposeBinding(TOAST_BINDING, (_source, text: unknown) => {
      this.toasts.push(String(text));
      for (const wake of this.toastWaiters.splice(0)) wake();
    });
    await this.page.addInitScript(watchToasts, { binding: TOAST_BINDING, selector: TOAST_SELECTOR });
  }

  /**
   * Waits until the page has shown a toast with exactly this text since the toast the previous
   * call matched (toasts are taken in order, so an earlier toast with the same text does not count
   * twice). It reads the page's record of toasts, not what is on screen now: antd-mobile replaces a
   * toast, or shows the next one while the last one fades, and a toast of 1.5 s may be gone before a
   * busy test process gets to look. Start the action first, then wait; no need to race it.
   */
  async waitForToast(text: string, timeout = 10_000): Promise<void> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const index = this.toasts.indexOf(text, this.toastCursor);
      if (index >= 0) {
        this.toastCursor = index + 1;
        return;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.toasts.slice(this.toastCursor);
        throw new Error(`expected the toast "${text}" within ${timeout} ms; toasts shown since the last one expected: ${seen.length > 0 ? seen.map((shown) => `"${shown}"`).join(', ') : 'none'}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.toastWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Toasts shown since the one `waitForToast` matched last (all of them when none was). */
  toastsSinceLastExpected(): string[] {
    return this.toasts.slice(this.toastCursor);
  }

  /**
   * Resolves once the page has rendered everything scheduled so far: after two animation frames
   * every React commit queued before this call has landed (and the toast record has it). For a
   * check that something did NOT happen, after waiting for what the action did do.
   */
  async settled(): Promise<void> {
    await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }

  /**
   * A leader's way to 订单管理: the 订单 tab (waiting for its list's answer, which 订单管理 unfiltered
   * then takes from the cache), then its entry.
   */
  async openOrderManagement(): Promise<void> {
    const tabLoad = waitForSalesCall(this.page, 'order/list');
    await this.tabBar.tap('订单');
    await this.waitForRoute('/pages/order/index');
    const answer = await tabLoad;
    if (answer.status() !== 200) throw new Error(`order/list answered ${answer.status()}`);
    await this.page.getByTestId('order-management-entry').tap();
    await this.waitForRoute('/pages/order/orderManagement');
    await this.waitForTitle('订单管理');
  }

  /** Waits for document.title to become the given text. */
  async waitForTitle(title: string, timeout = 10_000): Promise<void> {
    await this.page.waitForFunction((expected) => document.title === expected, title, { timeout });
  }

  /**
   * Signs in fast: logs in through the API, stores the token and id the way a login does, and lets
   * the start page restore the session and land where a login would (home or my page).
   */
  async signIn(account: DemoAccount): Promise<Session> {
    const session = await apiLogin(account);
    // The storage is the origin's: any document of it will do to write there, and the health check
    // is the lightest (loading the app's login page first cost every sign-in a second app start).
    await this.page.goto(`${this.baseUrl}/healthz`);
    await this.page.evaluate(({ token, userId }) => {
      window.localStorage.setItem('token', JSON.stringify(token));
      window.localStorage.setItem('userId', JSON.stringify(userId));
    }, session);
    await this.open('pages/start/index');
    await this.waitForRoute(account.seesHome ? '/pages/index/index' : '/pages/my/index');
    await this.tabBar.root().waitFor();
    return session;
  }

  /** Saves a screenshot under e2e/.tmp/screenshots for a visual check; returns its path. */
  async screenshot(name: string): Promise<string> {
    mkdirSync(screenshotDir, { recursive: true });
    const file = path.join(screenshotDir, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}

export interface NewAppOptions {
  /** Open it in this browser (one from `launchBrowser`) instead of the file's shared one. */
  browser?: Browser;
  /** Permissions granted to the app's origin, e.g. ['camera']. */
  permissions?: string[];
  /**
   * Whether the app's service worker may run: blocked unless a test asks for 'allow' (the PWA tests).
   * A response the worker serves from its cache never reaches page.route, so the tests that intercept
   * or fail requests must not have one.
   */
  serviceWorkers?: 'allow' | 'block';
  /** Another viewport than the reference phone's 390×844. */
  viewport?: { width: number; height: number };
  /** Lets the test inject scripts (axe-core) past the app's Content-Security-Policy. */
  bypassCSP?: boolean;
  /** Another user agent than Chromium's (企业微信's or 钉钉's webview). */
  userAgent?: string;
}

export interface AppHarness {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A new phone-sized tab in a fresh context (own storage); closed after the test. */
  newApp(options?: NewAppOptions): Promise<AppPage>;
  /** A separate Chromium with extra flags (e.g. fakeCameraArgs), closed after the test. */
  launchBrowser(extraArgs: readonly string[]): Promise<Browser>;
  /** Another tab in the same context as `app` (shares its local storage). */
  newTab(app: AppPage): Promise<AppPage>;
}

/**
 * Registers the hooks of a test file: the run's shared browser (connected to for the file), a fresh
 * context per `newApp()`, everything closed after each test, and a failure when a page threw an
 * uncaught error.
 */
export function useApp(): AppHarness {
  let browser: Browser | null = null;
  let contexts: BrowserContext[] = [];
  let apps: AppPage[] = [];
  let extraBrowsers: Browser[] = [];

  beforeAll(async () => {
    browser = await connectBrowser(inject('browserEndpoint'));
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      // Leave the pages' last state for whoever reads the failure.
      const safeName = context.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      for (const [index, app] of apps.entries()) {
        const file = await app.screenshot(`failed-${safeName}-${index}`).catch(() => null);
        process.stderr.write(`failed test "${context.task.name}": page ${index} at ${app.page.url()}${file ? `, screenshot ${file}` : ''}\n`);
      }
    }
    const errors = apps.flatMap((app) => app.pageErrors.map((error) => `${app.page.url()}: ${error.message}`));
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all(extraBrowsers.map((extra) => extra.close()));
    contexts = [];
    apps = [];
    extraBrowsers = [];
    if (errors.length > 0) throw new Error(`Uncaught errors in the page:\n${errors.join('\n')}`);
  });

  afterAll(async () => {
    await browser?.close();
    browser = null;
  });

  const requireBrowser = (): Browser => {
    if (!browser) throw new Error('the browser is not running (useApp() hooks did not run)');
    return browser;
  };

  return {
    get baseUrl() {
      return baseUrl();
    },
    get browser() {
      return requireBrowser();
    },
    async newApp(options = {}) {
      const context = await newPhoneContext(options.browser ?? requireBrowser(), {
        serviceWorkers: options.serviceWorkers,
        viewport: options.viewport,
        bypassCSP: options.bypassCSP,
        userAgent: options.userAgent,
      });
      if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseUrl() });
      // Fail fast: every wait in these tests is for something that takes well under a second.
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const app = new AppPage(await context.newPage(), baseUrl());
      apps.push(app);
      await app.recordToasts();
      return app;
    },
    async launchBrowser(extraArgs) {
      const extra = await launchBrowser(extraArgs);
      extraBrowsers.push(extra);
      return extra;
    },
    async newTab(app) {
      const app2 = new AppPage(await app.page.context().newPage(), baseUrl());
      apps.push(app2);
      await app2.recordToasts();
      return app2;
    },
  };
}

/**
 * Resolves once the CSS animations and transitions running in the page have ended: antd's dialogs
 * and dropdowns zoom and slide in, and on a busy machine a click aimed at a box still moving can land
 * beside its target. Two frames first, so a motion that starts paused (antd's enter step) is running;
 * endless ones (spinners) are not waited for.
 */
export async function motionEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const moving = document.getAnimations().filter((animation) => animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Waits until the service worker is active, then reloads so it controls the page. */
export async function controlledByWorker(app: AppPage): Promise<void> {
  await app.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await app.page.reload();
  await app.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
