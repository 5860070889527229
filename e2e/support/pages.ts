import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, type DemoAccount } from './accounts';
import type { AppPage } from './app';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box (not rendered)');
  return box;
}

/** The standard navigation bar: back button and title. */
export class NavBar {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.locator('header.nav-bar');
  }

  title(): Locator {
    return this.page.locator('h1.nav-bar__title');
  }

  back(): Locator {
    return this.page.getByRole('button', { name: '返回' });
  }
}

/** The bottom tab bar. */
export class TabBar {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.locator('nav.tab-bar');
  }

  items(): Locator {
    return this.root().locator('.adm-tab-bar-item');
  }

  item(label: string): Locator {
    return this.items().filter({ has: this.page.locator('.adm-tab-bar-item-title').getByText(label, { exact: true }) });
  }

  async labels(): Promise<string[]> {
    return (await this.root().locator('.adm-tab-bar-item-title').allTextContents()).map((text) => text.trim());
  }

  /** The label of the active tab, or null when none is active. */
  async activeLabel(): Promise<string | null> {
    const active = this.root().locator('.adm-tab-bar-item-active .adm-tab-bar-item-title');
    if ((await active.count()) === 0) return null;
    return (await active.first().textContent())?.trim() ?? null;
  }

  async tap(label: string): Promise<void> {
    await this.item(label).tap();
  }
}

/** The draggable current-site badge and its site switcher. */
export class SiteBadge {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('site-badge');
  }

  box(): Promise<Box> {
    return boxOf(this.root());
  }

  /** The site switcher's action sheet. */
  sheet(): Locator {
    return this.page.locator('.adm-action-sheet');
  }

  /** The sheet's site choices (without its cancel button). */
  choices(): Locator {
    return this.sheet().locator('.adm-action-sheet-button-list .adm-action-sheet-button-item');
  }

  async tap(): Promise<void> {
    await this.root().tap();
  }

  /** Waits for the badge, taps it and waits for the site switcher it opens (someone with several sites). */
  async openSwitcher(): Promise<Locator> {
    await this.root().waitFor();
    await this.tap();
    await this.sheet().waitFor();
    return this.sheet();
  }

  /**
   * Drags the badge with one finger, from its centre by (dx, dy), in small steps as a finger
   * would, through the DevTools touch input (pointer events of type touch).
   */
  async drag(dx: number, dy: number, steps = 12): Promise<void> {
    const start = await this.box();
    const x = start.x + start.width / 2;
    const y = start.y + start.height / 2;
    const session = await this.page.context().newCDPSession(this.page);
    try {
      await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= steps; step += 1) {
        await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / steps, y: y + (dy * step) / steps }] });
      }
      await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } finally {
      await session.detach();
    }
  }
}

/** pages/login/index */
export class LoginPage {
  constructor(private readonly app: AppPage) {}

  private get page(): Page {
    return this.app.page;
  }

  async open(redirect?: string): Promise<void> {
    await this.app.open(redirect === undefined ? 'pages/login/index' : `pages/login/index?redirect=${encodeURIComponent(redirect)}`);
    await this.phone().waitFor();
  }

  phone(): Locator {
    return this.page.getByRole('textbox', { name: '手机号' });
  }

  password(): Locator {
    return this.page.locator('input[type=password]');
  }

  /** The agreement checkbox's box (its label holds the links to the two documents). */
  agreement(): Locator {
    return this.page.locator('.adm-checkbox .adm-checkbox-icon').first();
  }

  mode(name: '密码登录' | '验证码登录'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  submit(): Locator {
    return this.page.locator('form button[type=submit]');
  }

  /** Fills the password form and submits it; `agree` ticks the agreement first. */
  async loginWithPassword(phone: string, password: string, { agree = true }: { agree?: boolean } = {}): Promise<void> {
    await this.phone().fill(phone);
    await this.password().fill(password);
    if (agree) await this.tickAgreement();
    await this.submit().tap();
  }

  /** Ticks the agreement and waits until the checkbox shows it ticked. */
  async tickAgreement(): Promise<void> {
    await this.agreement().tap();
    await this.page.locator('.adm-checkbox').first().and(this.page.locator('.adm-checkbox-checked')).waitFor();
  }

  /** Logs a demo account in through the form and waits until the login page is left. */
  async loginAs(account: DemoAccount): Promise<void> {
    await this.loginWithPassword(account.phone, DEMO_PASSWORD);
    await this.page.waitForURL((url) => !new URL(url).hash.startsWith('#/pages/login/index'), { timeout: 15_000 });
  }

  /** Switches to code login, fills the phone, ticks the agreement and asks for a code. */
  async requestCode(phone: string): Promise<void> {
    await this.mode('验证码登录').tap();
    await this.page.locator('form button[type=submit]', { hasText: '获取验证码' }).waitFor();
    await this.phone().fill(phone);
    await this.tickAgreement();
    await this.submit().tap();
  }
}

/** pages/login/enterCode */
export class EnterCodePage {
  constructor(private readonly page: Page) {}

  input(): Locator {
    return this.page.getByLabel('验证码', { exact: true });
  }

  countdown(): Locator {
    return this.page.getByTestId('resend-countdown');
  }

  hint(): Locator {
    return this.page.getByText(/^验证码已发送至/);
  }

  async type(code: string): Promise<void> {
    await this.input().pressSequentially(code, { delay: 30 });
  }
}

/** pages/my/setting */
export class SettingPage {
  constructor(private readonly page: Page) {}

  async logout(): Promise<void> {
    await this.page.locator('.page__body').getByRole('button', { name: '退出登录' }).tap();
    const dialog = this.page.locator('.adm-dialog-body');
    await dialog.getByText('确定要退出登录吗？').waitFor();
    await dialog.locator('.adm-dialog-footer').getByRole('button', { name: '退出登录' }).tap();
  }
}
