import type { Locator, Page, Response } from 'playwright-core';
import type { PickedFile } from './images';

/**
 * Page objects of the customers area (issue 3): 客户列表, the customer page, 写跟进, 绑定客户关系
 * and 扫一扫, with the helpers the order pages (order-pages.ts) share: the filter sheet, exact text
 * and the wait for a call under /seller/fenghe/staff/.
 */

const SALES_PREFIX = '/seller/fenghe/staff/';

/** A pattern matching exactly this text (trimmed), for `hasText` filters. */
export function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/**
 * Waits for the answer to a /seller/fenghe/staff/<path> call whose JSON body passes `match`
 * (start waiting before the action that sends it). The time limit runs from this call: a wait
 * started before several steps (a whole sign-in) gives them their time with `timeout`.
 */
export function waitForSalesCall(
  page: Page,
  path: string,
  match: (body: Record<string, unknown>) => boolean = () => true,
  { timeout }: { timeout?: number } = {},
): Promise<Response> {
  return page.waitForResponse(
    (response) => {
      if (new URL(response.url()).pathname !== `${SALES_PREFIX}${path}`) return false;
      const body: unknown = response.request().postDataJSON();
      return typeof body === 'object' && body !== null && match(body as Record<string, unknown>);
    },
    { timeout },
  );
}

/** The bottom-sheet choice list a filter chip opens. */
export class FilterSheet {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.locator('.adm-popup-body.sheet');
  }

  option(label: string): Locator {
    return this.root().locator('.adm-list-item').filter({ has: this.page.locator('.adm-list-item-content-main').filter({ hasText: exactText(label) }) });
  }

  search(): Locator {
    return this.root().getByPlaceholder('搜索');
  }

  /** Opens the sheet with `chip`, optionally narrows it by a search, and picks `label`. */
  async choose(chip: Locator, label: string, search?: string): Promise<void> {
    await chip.tap();
    await this.root().waitFor();
    if (search !== undefined) await this.search().fill(search);
    await this.option(label).tap();
    await this.root().waitFor({ state: 'hidden' });
  }
}

/** Reads a number out of a text such as '共 128 位客户' or '共 1,828 单'. */
export function countIn(text: string | null, pattern: RegExp): number {
  const match = pattern.exec(text?.trim() ?? '');
  if (!match?.[1]) throw new Error(`"${text ?? ''}" does not match ${pattern}`);
  return Number(match[1].replaceAll(',', ''));
}

/** pages/details/allCustomers (客户列表). */
export class CustomerListPage {
  private readonly sheet: FilterSheet;

  constructor(private readonly page: Page) {
    this.sheet = new FilterSheet(page);
  }

  search(): Locator {
    return this.page.getByPlaceholder('搜索客户名称、联系人或电话');
  }

  total(): Locator {
    return this.page.getByTestId('customer-total');
  }

  /** The number in '共 N 位客户'. */
  async totalCount(): Promise<number> {
    return countIn(await this.total().textContent(), /^共\s*([\d,]+)\s*位客户$/);
  }

  cards(): Locator {
    return this.page.getByTestId('customer-list').getByTestId('customer-item');
  }

  card(name: string): Locator {
    return this.cards().filter({ has: this.page.getByTestId('customer-name').filter({ hasText: exactText(name) }) });
  }

  async cardNames(): Promise<string[]> {
    return (await this.cards().getByTestId('customer-name').allTextContents()).map((text) => text.trim());
  }

  async cardLevels(): Promise<string[]> {
    return (await this.cards().getByTestId('customer-level').allTextContents()).map((text) => text.trim());
  }

  async cardOwners(): Promise<string[]> {
    return (await this.cards().getByTestId('customer-owner').allTextContents()).map((text) => text.trim());
  }

  levelFilter(): Locator {
    return this.page.getByTestId('customer-level-filter');
  }

  ownerFilter(): Locator {
    return this.page.getByTestId('customer-owner-filter');
  }

  /** Types into the search bar and waits for the list call with that keyword. */
  async searchFor(keyword: string): Promise<Response> {
    const answered = waitForSalesCall(this.page, 'customer/list', (body) => body.keyword === keyword);
    await this.search().fill(keyword);
    return answered;
  }

  /** Picks 'A类', 'B类' or 'C类' in the 等级 filter and waits for the list call. */
  async chooseLevel(level: 'A' | 'B' | 'C'): Promise<Response> {
    const answered = waitForSalesCall(this.page, 'customer/list', (body) => body.level === level);
    await this.sheet.choose(this.levelFilter(), `${level}类`);
    return answered;
  }
}

/** pages/details/customerDetails and customerDetailsPage (?id=). */
export class CustomerPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('customer-detail');
  }

  header(): Locator {
    return this.page.getByTestId('customer-header');
  }

  name(): Locator {
    return this.header().getByTestId('customer-name');
  }

  owner(): Locator {
    return this.header().getByTestId('customer-owner');
  }

  orderCount(): Locator {
    return this.header().getByTestId('customer-order-count');
  }

  totalAmount(): Locator {
    return this.header().getByTestId('customer-total-amount');
  }

  /** The 404/403 state: '客户不存在或无权查看'. */
  missing(): Locator {
    return this.page.getByTestId('record-missing');
  }

  tab(title: '订单' | '跟进记录' | '资料' | '二维码'): Locator {
    return this.page.getByTestId('customer-tabs').locator('.adm-tabs-tab').filter({ hasText: exactText(title) });
  }

  recentOrders(): Locator {
    return this.page.getByTestId('recent-orders').getByTestId('order-item');
  }

  allOrdersButton(): Locator {
    return this.page.getByTestId('recent-orders-more');
  }

  followUps(): Locator {
    return this.page.getByTestId('follow-up-list').getByTestId('follow-up-item');
  }

  followUp(content: string): Locator {
    return this.followUps().filter({ has: this.page.locator('.timeline__content').filter({ hasText: exactText(content) }) });
  }

  followUpTotal(): Locator {
    return this.page.getByTestId('follow-up-total');
  }

  /** 转移 (or 绑定 for an unbound customer): leaders only. */
  bindButton(): Locator {
    return this.page.getByTestId('customer-bind');
  }

  writeFollowUpButton(): Locator {
    return this.page.getByTestId('follow-up-open');
  }
}

/** The 写跟进 sheet on the customer page. */
export class FollowUpFormSheet {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('follow-up-form');
  }

  type(label: '电话' | '拜访' | '微信' | '其他'): Locator {
    return this.root().locator('.adm-selector-item').filter({ hasText: exactText(label) });
  }

  content(): Locator {
    return this.root().getByRole('textbox', { name: /^跟进内容/ });
  }

  photoInput(): Locator {
    return this.root().locator('input[type=file]');
  }

  /** Thumbnails of uploaded photos (not the add button). */
  photos(): Locator {
    return this.root().locator('.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)');
  }

  submit(): Locator {
    return this.root().getByTestId('follow-up-submit');
  }

  /** Picks a photo and waits for the real upload call to answer; returns its answer. */
  async attach(file: PickedFile): Promise<Response> {
    const uploaded = this.page.waitForResponse((response) => new URL(response.url()).pathname === '/seller/upload/img');
    await this.photoInput().setInputFiles(file);
    return uploaded;
  }
}

/** pages/details/relationshipBind: a leader's bind/transfer, or a salesperson's claim after a scan. */
export class RelationshipBindPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('relationship-bind');
  }

  search(): Locator {
    return this.page.getByTestId('staff-picker').getByPlaceholder('搜索业务员姓名或手机号');
  }

  option(username: string): Locator {
    return this.page.getByTestId('staff-option').filter({ has: this.page.locator('.staff-picker__name').filter({ hasText: username }) });
  }

  confirm(): Locator {
    return this.page.getByTestId('bind-confirm');
  }

  history(): Locator {
    return this.page.getByTestId('binding-history').getByTestId('binding-item');
  }

  claimRoot(): Locator {
    return this.page.getByTestId('relationship-claim');
  }

  claim(): Locator {
    return this.page.getByTestId('bind-claim');
  }

  /** The confirmation dialog's button with this text (确认转移, 确认绑定, 认领). */
  dialogButton(text: string): Locator {
    return this.page.locator('.adm-dialog-footer').getByRole('button', { name: text, exact: true });
  }
}

/** pages/my/scanQRCode (扫一扫). */
export class ScannerPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('qr-scanner');
  }

  /** 'starting', 'live' or 'failed'. */
  camera(): Promise<string | null> {
    return this.root().getAttribute('data-camera');
  }

  result(): Locator {
    return this.page.getByTestId('scan-result');
  }

  album(): Locator {
    return this.page.getByTestId('scan-album');
  }

  /** 从相册选择: the button opens the system picker; Playwright answers it with this file. */
  async pickFromAlbum(file: PickedFile): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.album().tap();
    await (await chooser).setFiles(file);
  }
}
