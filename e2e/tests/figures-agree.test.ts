/** Issue 16: figures a person can compare agree — a report and its order list, the ranking and the site total. */
import { formatMoney, type ReportOrders } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin, endpointData } from '../support/api';
import { useApp } from '../support/app';
import { ranking as rankingOf, siteFigures } from '../support/performance-api';
import { waitForPerformanceCall } from '../support/performance-pages';
import { waitForReportCall } from '../support/report-pages';
import { SITE_101 } from '../support/sales-api';

const harness = useApp();

describe('figures that agree', () => {
  test('张伟: the order list of a weekly report with refunds adds up to the report', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const reports = await endpointData(zhang, ROUTES.weeklyReport.list, { siteId: SITE_101, pageSize: 20 });
    // A seeded report whose week holds a refund, so the list has refund lines.
    let chosen: { id: number; orders: ReportOrders } | undefined;
    for (const report of reports.list) {
      const orders = await endpointData(zhang, ROUTES.weeklyReport.orders, { siteId: SITE_101, id: report.id });
      if (orders.summary.refundCount > 0) {
        chosen = { id: report.id, orders };
        break;
      }
    }
    if (!chosen) throw new Error('the demo data holds no weekly report of 张伟 with a refund');
    const detail = await endpointData(zhang, ROUTES.weeklyReport.detail, { siteId: SITE_101, id: chosen.id });

    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/index/weeklyDetails?id=${chosen.id}`);
    await app.waitForTitle('周报业绩详情');
    await expect.poll(() => app.page.getByTestId('report-metrics-orders').textContent()).toBe(String(detail.metrics.orderCount));
    const ordersCall = waitForReportCall(app.page, 'weekly', 'orders');
    await app.page.getByTestId('report-orders').tap();
    await app.waitForRoute('/pages/details/weeklyOrderList');
    expect((await ordersCall).status()).toBe(200);
    // 共 N 笔 · 合计 are the report's 订单数 and amount; the refunds are told apart.
    await expect.poll(() => app.page.getByTestId('weekly-orders-count').textContent()).toBe(String(detail.metrics.orderCount));
    expect(await app.page.getByTestId('weekly-orders-amount').textContent()).toBe(formatMoney(detail.metrics.orderAmount));
    expect(await app.page.getByTestId('weekly-orders-breakdown').textContent()).toContain(`退款 ${chosen.orders.summary.refundCount} 笔`);
    // Every card shows the time that puts it in the week: 付款 for a sale, 退款 for a refund.
    const times = await app.page.getByTestId('order-time').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((text) => /^(付款|退款) \d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text.trim()))).toBe(true);
    await app.screenshot('weekly-order-list-reconciled');
  });

  test('张伟: a half-month report opens its order list, which adds up to the report', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const reports = await endpointData(zhang, ROUTES.halfMonthReport.list, { siteId: SITE_101, pageSize: 5 });
    const [report] = reports.list;
    if (!report) throw new Error('the demo data holds no half-month report of 张伟');
    const detail = await endpointData(zhang, ROUTES.halfMonthReport.detail, { siteId: SITE_101, id: report.id });

    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/details/historicalReportRecords?id=${report.id}`);
    await app.waitForTitle('历史记录');
    const ordersCall = waitForReportCall(app.page, 'halfmonth', 'orders');
    await app.page.getByTestId('report-orders').tap();
    await app.waitForRoute('/pages/details/weeklyOrderList');
    expect((await ordersCall).status()).toBe(200);
    await expect.poll(() => app.page.getByTestId('weekly-orders-count').textContent()).toBe(String(detail.metrics.orderCount));
    expect(await app.page.getByTestId('weekly-orders-amount').textContent()).toBe(formatMoney(detail.metrics.orderAmount));
  });

  test('李娜: under the ranking, 未分配 and the site total of 部门销售业绩', async () => {
    const li = await apiLogin(LI_NA);
    const app = await harness.newApp();
    await app.signIn(LI_NA);
    const rankingCall = waitForPerformanceCall(app.page, 'performance/ranking', (body) => body.period === 'month' && body.metric === 'orderAmount');
    await app.open('pages/index/employeePerformanceRanking');
    await app.waitForTitle('员工业绩排行');
    expect((await rankingCall).status()).toBe(200);
    const ranking = await rankingOf(li, 'orderAmount', 'month');
    const site = await siteFigures(li, 'month');
    const { unranked } = ranking;
    if (!unranked) throw new Error('the ranking answered a leader without 未分配 and the others');
    await expect.poll(() => app.page.getByTestId('ranking-unassigned-value').textContent()).toBe(formatMoney(unranked.unassigned.orderAmount));
    expect(await app.page.getByTestId('ranking-site-total-value').textContent()).toBe(formatMoney(site.figures.current.orderAmount));
    const ranked = ranking.list.reduce((sum, entry) => sum + Math.round(entry.figures.orderAmount * 100), 0);
    const { unassigned, others } = unranked;
    expect(ranked + Math.round(unassigned.orderAmount * 100) + Math.round(others.orderAmount * 100)).toBe(Math.round(site.figures.current.orderAmount * 100));
    await app.screenshot('ranking-unassigned');
  });
});
