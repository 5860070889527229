import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DemoAccount } from './accounts';
import { apiLogin, baseUrl, type Session } from './api';
import { launchBrowser, newPhoneContext } from './chromium';
import { EnterCodePage, LoginPage, NavBar, SettingPage, SiteBadge, TabBar } from './pages';
import { AttendancePage, HomePage, RankingPage, StandardsPage } from './performance-pages';
import { CustomerListPage, CustomerPage, FollowUpFormSheet, OrderDetailPage, OrderListPage, RelationshipBindPage, ScannerPage } from './sales-pages';

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

  toast(): Locator {
    return this.page.locator('.adm-toast-main');
  }

  /** Waits for a toast with exactly this text. */
  async waitForToast(text: string, timeout = 5_000): Promise<void> {
    await this.toast()
      .filter({ hasText: text })
      .first()
      .waitFor({ state: 'visible', timeout });
    const shown = (await this.toast().first().textContent())?.trim();
    if (shown !== text) throw new Error(`expected the toast "${text}", saw "${shown ?? ''}"`);
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
    await this.open('pages/login/index');
    await this.page.evaluate(({ token, userId }) => {
      window.localStorage.setItem('token', JSON.stringify(token));
      window.localStorage.setItem('userId', JSON.stringify(userId));
      window.history.replaceState(null, '', '#/pages/start/index');
    }, session);
    await this.page.reload();
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
  /** Let the app's service worker run (blocked otherwise, see newPhoneContext). */
  serviceWorkers?: boolean;
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
 * Registers the hooks of a test file: one browser for the file, a fresh context per `newApp()`,
 * everything closed after each test, and a failure when a page threw an uncaught error.
 */
export function useApp(): AppHarness {
  let browser: Browser | null = null;
  let contexts: BrowserContext[] = [];
  let apps: AppPage[] = [];
  let extraBrowsers: Browser[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
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
      const context = await newPhoneContext(options.browser ?? requireBrowser(), { serviceWorkers: options.serviceWorkers });
      if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseUrl() });
      // Fail fast: every wait in these tests is for something that takes well under a second.
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const app = new AppPage(await context.newPage(), baseUrl());
      apps.push(app);
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
      return app2;
    },
  };
}
