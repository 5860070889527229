import { ORDER_STATUS_LABELS, type MemberDetail } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA } from '../support/accounts';
import { apiLogin, endpointData, type Session } from '../support/api';
import { useApp } from '../support/app';
import { SITE_101, staffList } from '../support/sales-api';

const harness = useApp();

const KIND_NAMES = { weekly: '周报', halfMonth: '半月报' } as const;

const memberDetail = (session: Session, id: number): Promise<MemberDetail> => endpointData(session, ROUTES.memberDetail, { siteId: SITE_101, id, period: 'month' });

/** A salesperson of 华东一部 with orders and with reports of both kinds. */
async function memberWithReports(leader: Session): Promise<MemberDetail> {
  for (const member of (await staffList(leader)).list.filter((row) => !row.isLeader)) {
    const detail = await memberDetail(leader, member.id);
    const kinds = new Set(detail.recentReports.map((report) => report.kind));
    if (detail.recentOrders.length > 1 && kinds.has('weekly') && kinds.has('halfMonth')) return detail;
  }
  throw new Error('no salesperson of 华东一部 with orders and reports of both kinds');
}

describe('部门成员详情', () => {
  test("李娜 sees a member's recent orders newest first with their status, and recent reports that open the report", async () => {
    const leader = await apiLogin(LI_NA);
    const member = await memberWithReports(leader);
    const created = member.recentOrders.map((order) => Date.parse(order.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const app = await harness.newApp();
    await app.signIn(LI_NA);
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === ROUTES.memberDetail);
    await app.open(`pages/details/departmentMembersDetails?id=${member.id}`);
    await app.waitForTitle('部门成员详情');
    expect((await answered).status()).toBe(200);

    const orders = app.page.getByTestId('member-orders').getByTestId('order-item');
    await expect.poll(() => orders.count()).toBe(member.recentOrders.length);
    expect((await orders.locator('.order-no').allTextContents()).map((text) => text.trim())).toEqual(member.recentOrders.map((order) => order.orderNo));
    expect(await orders.getByTestId('order-status').allTextContents()).toEqual(member.recentOrders.map((order) => ORDER_STATUS_LABELS[order.status]));
    // The times the cards show read newest first, each labelled 下单.
    const shown = (await orders.getByTestId('order-time').allTextContents()).map((text) => text.trim());
    expect(shown.every((text) => text.startsWith('下单 '))).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => b.localeCompare(a)));

    const reports = app.page.getByTestId('member-reports').getByTestId('report-item');
    expect(await reports.count()).toBe(member.recentReports.length);
    expect((await reports.locator('.card__title').allTextContents()).map((text) => text.trim())).toEqual(
      member.recentReports.map((report) => `${KIND_NAMES[report.kind]} · ${report.label}`),
    );
    await reports.first().scrollIntoViewIfNeeded();
    await app.screenshot('member-details-reports');

    const weekly = member.recentReports.findIndex((report) => report.kind === 'weekly');
    await reports.nth(weekly).tap();
    await app.page.waitForURL((url) => url.hash === `#/pages/index/weeklyDetails?id=${member.recentReports[weekly]?.id}`);
    await app.page.getByTestId('report-detail').waitFor();
    await app.navBar.back().tap();
    await app.waitForRoute('/pages/details/departmentMembersDetails');

    const halfMonth = member.recentReports.findIndex((report) => report.kind === 'halfMonth');
    await reports.nth(halfMonth).tap();
    await app.page.waitForURL((url) => url.hash === `#/pages/details/historicalReportRecords?id=${member.recentReports[halfMonth]?.id}`);
    await app.page.getByTestId('report-detail').waitFor();
  });
});
