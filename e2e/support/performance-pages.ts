import type { Locator, Page } from 'playwright-core';
import { exactText, FilterSheet } from './sales-pages';

/** Page objects of the performance and team area (issue 7): home, ranking, standards, attendance. */

/** The performance calls live under /seller/fenghe/staff/ too: the same wait as the sales calls. */
export { waitForSalesCall as waitForPerformanceCall } from './sales-pages';

/** The value shown by a completion bar ('87.5%', '未设标准'). */
async function completionText(bar: Locator): Promise<string> {
  return ((await bar.locator('.completion__value').textContent()) ?? '').trim();
}

/** 首页: the dashboard under the greeting. */
export class HomePage {
  constructor(private readonly page: Page) {}

  todayAmount(): Locator {
    return this.page.getByTestId('home-today-amount');
  }

  monthAmount(): Locator {
    return this.page.getByTestId('home-month-amount');
  }

  monthOrders(): Locator {
    return this.page.getByTestId('home-month-orders');
  }

  amountCompletion(): Promise<string> {
    return completionText(this.page.getByTestId('home-completion-amount'));
  }

  topNames(): Promise<string[]> {
    return this.page.getByTestId('home-top-row').getByTestId('ranking-name').allTextContents();
  }

  trendChart(): Locator {
    return this.page.getByTestId('home-trend');
  }

  entry(label: string): Locator {
    return this.page.getByRole('navigation', { name: '功能入口' }).getByRole('button', { name: label });
  }

  editStandard(): Locator {
    return this.page.getByTestId('home-edit-standard');
  }
}

/** The period and site chips of every performance page. */
export class PerformanceToolbar {
  private readonly sheet: FilterSheet;

  constructor(private readonly page: Page) {
    this.sheet = new FilterSheet(page);
  }

  periodChip(): Locator {
    return this.page.getByTestId('performance-period');
  }

  siteChip(): Locator {
    return this.page.getByTestId('performance-site');
  }

  async choosePeriod(label: string): Promise<void> {
    await this.sheet.choose(this.periodChip(), label);
  }

  async chooseSite(name: string): Promise<void> {
    await this.sheet.choose(this.siteChip(), name);
  }
}

/** 员工业绩排行 */
export class RankingPage {
  readonly toolbar: PerformanceToolbar;

  constructor(private readonly page: Page) {
    this.toolbar = new PerformanceToolbar(page);
  }

  root(): Locator {
    return this.page.getByTestId('ranking');
  }

  podiumName(place: 1 | 2 | 3): Locator {
    return this.page.getByTestId(`podium-${place}`).locator('.podium__name');
  }

  rowNames(): Promise<string[]> {
    return this.root().getByTestId('ranking-row').getByTestId('ranking-name').allTextContents();
  }

  rowValues(): Promise<string[]> {
    return this.root().getByTestId('ranking-row').getByTestId('ranking-value').allTextContents();
  }

  myRows(): Locator {
    return this.root().locator('[data-testid="ranking-row"][data-me="true"]');
  }

  tab(label: string): Locator {
    return this.page.getByTestId('ranking-tabs').locator('.adm-tabs-tab').filter({ hasText: exactText(label) });
  }
}

/** 编辑业绩标准 */
export class StandardsPage {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('standards');
  }

  row(staffId: number | 'default'): Locator {
    return this.page.locator(`[data-testid="standard-row"][data-staff-id="${staffId}"]`);
  }

  editButtons(): Locator {
    return this.page.getByTestId('standard-edit');
  }

  readOnlyNotice(): Locator {
    return this.page.getByTestId('standard-readonly');
  }

  form(): Locator {
    return this.page.getByTestId('standard-form');
  }

  field(name: 'targetAmount' | 'targetOrders' | 'targetNewCustomers'): Locator {
    return this.form().getByTestId(`standard-${name}`).locator('input');
  }

  fieldError(name: 'targetAmount' | 'targetOrders' | 'targetNewCustomers'): Locator {
    return this.form().getByTestId(`standard-${name}-error`);
  }

  submit(): Locator {
    return this.form().getByTestId('standard-submit');
  }

  historyItems(): Locator {
    return this.page.getByTestId('standard-change');
  }
}

/** 团队考勤 */
export class AttendancePage {
  constructor(private readonly page: Page) {}

  clockButton(): Locator {
    return this.page.getByTestId('clock-button');
  }

  clockInTime(): Locator {
    return this.page.getByTestId('clock-in-time');
  }

  clockStatus(): Locator {
    return this.page.getByTestId('clock-status');
  }

  dayView(): Locator {
    return this.page.getByTestId('attendance-day');
  }

  member(staffId: number): Locator {
    return this.dayView().locator(`[data-testid="attendance-member"][data-staff-id="${staffId}"]`);
  }

  count(key: 'normal' | 'late' | 'early' | 'missing' | 'leave' | 'none'): Locator {
    return this.page.getByTestId('attendance-day-counts').getByTestId(`count-${key}`).locator('dd');
  }
}
