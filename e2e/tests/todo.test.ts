/** 今日待办 (issue 18 §1) and target pacing (§5) as a salesperson uses them at 390×844. */
import type { FollowUpDue } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { ZHANG_WEI } from '../support/accounts';
import { apiLogin, callEndpoint, type Session } from '../support/api';
import { useApp, type AppPage } from '../support/app';
import { SITE_101 } from '../support/sales-api';

const harness = useApp();

async function dueOf(session: Session): Promise<FollowUpDue> {
  const { status, body } = await callEndpoint(ROUTES.followUpDue, { siteId: SITE_101, page: 1, pageSize: 20 }, session.token);
  if (status !== 200) throw new Error(`followup/due answered ${status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Waits for the entry's badge to show the server's count, then opens 今日待办 from it. */
async function openFromEntry(app: AppPage, count: number): Promise<void> {
  const entry = app.page.getByTestId('todo-entry');
  await expect.poll(async () => (await entry.locator('.adm-badge').textContent())?.trim()).toBe(count > 99 ? '99+' : String(count));
  const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.followUpDue);
  await entry.tap();
  await app.waitForRoute('/pages/my/todo');
  await app.waitForTitle('今日待办');
  expect((await answered).status()).toBe(200);
}

describe('今日待办 as 张伟 (a salesperson)', () => {
  test('opens from 我的, shows the due customers the server lists, 拨打 is a tel: link and 写跟进 opens the writer', async () => {
    const session = await apiLogin(ZHANG_WEI);
    const due = await dueOf(session);
    // The demo data gives a salesperson due and overdue customers on any day it is loaded.
    expect(due.todayTotal).toBeGreaterThan(0);
    expect(due.total).toBeGreaterThan(due.todayTotal);
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await openFromEntry(app, due.count);

    const first = due.list[0];
    if (!first) throw new Error('no due customer');
    const cards = app.page.getByTestId('todo-due-item');
    await cards.first().waitFor();
    await expect.poll(() => cards.first().locator('.card__title').textContent()).toBe(first.customer.name);
    expect((await cards.first().getByTestId('todo-due-when').textContent())?.trim()).toEqual(first.daysOverdue > 0 ? `逾期 ${first.daysOverdue} 天` : expect.stringMatching(/^今天 \d\d:\d\d$/));
    expect(await cards.first().textContent()).toContain(first.content);
    const dial = cards.first().getByTestId('todo-call');
    expect(await dial.getAttribute('href')).toBe(`tel:${first.customer.phone.replace(/[^\d+]/g, '')}`);
    expect((await dial.textContent())?.trim()).toBe('拨打');
    // 待提交报告 lists what the server says is owed.
    for (const report of due.reports) await app.page.getByTestId(`todo-report-${report.kind}`).waitFor();

    await cards.first().getByTestId('todo-write').tap();
    await app.followUpForm.root().waitFor();
    // The page stays 今日待办 under the writer; 取消 closes it without writing.
    expect(app.route().path).toBe('/pages/my/todo');
    await app.followUpForm.root().getByRole('button', { name: '取消' }).tap();
    await app.followUpForm.root().waitFor({ state: 'detached' });
  });

  test('opens from the 我的周报 tab in one tap', async () => {
    const session = await apiLogin(ZHANG_WEI);
    const due = await dueOf(session);
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.tabBar.tap('我的周报');
    await app.waitForRoute('/pages/weeklyReport/index');
    await openFromEntry(app, due.count);
    await app.page.getByTestId('todo-due-item').first().waitFor();
  });

  test('a follow-up written on the customer’s own page takes them off 今日待办 at once: 我的 counts one fewer', async () => {
    const session = await apiLogin(ZHANG_WEI);
    const due = await dueOf(session);
    const first = due.list[0];
    if (!first) throw new Error('no due customer');
    const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    const badge = app.page.getByTestId('todo-entry').locator('.adm-badge');
    await expect.poll(async () => (await badge.textContent())?.trim()).toBe(badgeText(due.count));

    // In the app (no reload: what 我的 has loaded stays cached), to the customer's page and back.
    await app.goInApp(`pages/details/customerDetails?id=${first.customer.id}`);
    await expect.poll(() => app.customer.name().textContent()).toBe(first.customer.name);
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.content().fill(`已电话联系（e2e todo ${Date.now()}）`);
    const created = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.followUpCreate);
    await app.followUpForm.submit().tap();
    expect((await created).status()).toBe(200);
    await app.followUpForm.root().waitFor({ state: 'detached' });
    expect((await dueOf(session)).count).toBe(due.count - 1);

    await app.goInApp('pages/my/index');
    await app.waitForRoute('/pages/my/index');
    await expect.poll(async () => (await badge.textContent())?.trim()).toBe(badgeText(due.count - 1));
  });

  test('销售业绩 shows the month’s pacing beside completion', async () => {
    const session = await apiLogin(ZHANG_WEI);
    const { status, body } = await callEndpoint(ROUTES.performancePerson, { siteId: SITE_101, period: 'month' }, session.token);
    expect(status).toBe(200);
    const month = body.data.pacing?.month;
    if (!month) throw new Error('张伟 has no target this month in the demo data');
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open('pages/index/salesPerformance');
    await app.waitForTitle('销售业绩');
    const pacing = app.page.getByTestId('figures-pacing');
    await pacing.waitFor();
    const headline = (await pacing.getByTestId('figures-pacing-month-headline').textContent())?.trim();
    if (month.reached) {
      expect(headline).toBe('已完成目标');
    } else {
      expect(headline).toMatch(/^距目标还差 [\d,.]+元$/);
      expect((await pacing.getByTestId('figures-pacing-month-daily').textContent())?.trim()).toBe(
        `剩余 ${month.daysLeft} 天 日均需 ${new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 }).format(month.dailyNeeded)}元`,
      );
    }
    expect((await pacing.getByTestId('figures-pacing-month-projection').textContent())?.trim()).toMatch(/^预计月末 [\d,.]+元$/);
    // 本季度 is paced only when its three months have a target; else it names those without one
    // and has no daily pace (issue 25 §3: a December without a target is not a target of 0).
    const unset = body.data.pacing?.quarterUnsetMonths ?? [];
    if (unset.length > 0) {
      const names = `${unset.map((key) => `${Number(key.slice(5, 7))}月`).join('、')}未设目标`;
      expect(await pacing.getByTestId('figures-pacing-quarter-unset').textContent()).toContain(names);
      expect(await pacing.getByTestId('figures-pacing-quarter-daily').count()).toBe(0);
    } else {
      await pacing.getByTestId('figures-pacing-quarter-completion').waitFor();
    }
    await pacing.scrollIntoViewIfNeeded();
    await app.screenshot('sales-performance-pacing');
  });
});
