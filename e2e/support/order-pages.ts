import type { Locator, Page, Response } from 'playwright-core';
import { countIn, exactText, FilterSheet, waitForSalesCall } from './sales-pages';

/** Page objects of the order pages (issue 3): the order lists and 订单详情. */

/** The order list pattern: order tab, orderList, employeeOrderList, customerOrderList, orderManagement. */
export class OrderListPage {
  private readonly sheet: FilterSheet;

  constructor(private readonly page: Page) {
    this.sheet = new FilterSheet(page);
  }

  statusTab(label: string): Locator {
    return this.page.getByTestId('order-status-tabs').locator('.adm-tabs-tab').filter({ hasText: exactText(label) });
  }

  activeStatusTab(): Locator {
    return this.page.getByTestId('order-status-tabs').locator('.adm-tabs-tab-active');
  }

  cards(): Locator {
    return this.page.getByTestId('order-list').getByTestId('order-item');
  }

  async cardStatuses(): Promise<string[]> {
    return (await this.cards().getByTestId('order-status').allTextContents()).map((text) => text.trim());
  }

  async cardAmounts(): Promise<string[]> {
    return (await this.cards().locator('.amount').allTextContents()).map((text) => text.trim());
  }

  async cardOrderNos(): Promise<string[]> {
    return (await this.cards().locator('.order-no').allTextContents()).map((text) => text.trim());
  }

  /** The '业务员：…' line of every card. */
  async cardStaff(): Promise<string[]> {
    return (await this.cards().getByText(/^业务员：/).allTextContents()).map((text) => text.trim());
  }

  total(): Locator {
    return this.page.getByTestId('order-total');
  }

  /** The N of '共 N 单'. */
  async totalCount(): Promise<number> {
    return countIn(await this.total().textContent(), /^共\s*([\d,]+)\s*单/);
  }

  totalAmount(): Locator {
    return this.page.getByTestId('order-total-amount');
  }

  staffFilter(): Locator {
    return this.page.getByTestId('order-staff-filter');
  }

  empty(): Locator {
    return this.page.getByTestId('order-list').getByTestId('list-empty');
  }

  /**
   * Taps a status tab and waits for the list call it sends (a tab shown before in this page
   * answers from the cache and sends none: tap it with `statusTab(label).tap()`).
   */
  async chooseStatus(label: string, status: string | undefined): Promise<Response> {
    const answered = waitForSalesCall(this.page, 'order/list', (body) => body.status === status);
    await this.statusTab(label).tap();
    return answered;
  }

  /** Picks a salesperson in the 业务员 filter (searching the sheet for the name) and waits for the list call. */
  async chooseStaff(username: string, staffId: number): Promise<Response> {
    const answered = waitForSalesCall(this.page, 'order/list', (body) => body.staffId === staffId);
    await this.sheet.choose(this.staffFilter(), username, username);
    return answered;
  }
}

/** pages/details/orderDetails (?id=). */
export class OrderDetailPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('order-detail');
  }

  orderNo(): Locator {
    return this.root().getByTestId('order-no');
  }

  status(): Locator {
    return this.root().locator('.detail-header').getByTestId('order-status');
  }

  amount(): Locator {
    return this.root().getByTestId('order-amount');
  }

  items(): Locator {
    return this.root().getByTestId('order-items').locator('.order-items__row');
  }

  total(): Locator {
    return this.root().locator('.order-items__total .amount');
  }

  async timelineSteps(): Promise<string[]> {
    return (await this.root().getByTestId('order-timeline').locator('.adm-step-title').allTextContents()).map((text) => text.trim());
  }

  customerLink(): Locator {
    return this.root().getByTestId('order-customer-link');
  }

  missing(): Locator {
    return this.page.getByTestId('record-missing');
  }
}
