/**
 * Issue 16, "Figures must agree wherever a person can compare them": a report's order list adds up
 * to the report (refunds crossing periods included), the ranking plus what nobody is ranked for
 * adds up to the site's figures, and a target is shown only where a standard applies.
 */
import { periodAt, shiftPeriod, type OrderLine, type SalesDetails, type ReportDetail, type ReportOrderLine, type ReportOrders, type ReportPreview, type Ranking, type SiteFigures, type ReportPeriod } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceStandards } from '../../../src/db/schema.js';
import { call, rows, useTestServer, type ApiResponse } from '../../helper.js';
import { firstCustomer, loginAll, scalar, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

type Api = 'weekly' | 'halfmonth';
function reportCall<T = unknown>(session: Session, api: Api, path: string, body: Record<string, unknown>): Promise<ApiResponse<T>> {
  return call<T>(server.app, 'POST', `/seller/${api}/staff/${path}`, { token: session.token, body });
}

const text = { summary: '本期跟进了老客户的补货需求。', plan: '下期继续拜访新门店。' };
/** A moment `hours` after the China-time start of a period's first day. */
const into = (period: ReportPeriod, hours: number) => new Date(new Date(`${period.start}T00:00:00+08:00`).getTime() + hours * 3_600_000).toISOString();

/**
 * A moment of the current period `period` that has passed: `ms` ago, or the period's start when it
 * began less than that ago (never in the future: in a week's first minutes a moment a few minutes
 * into it is still to come, and a report counts no sale that has not happened yet).
 */
const lately = (period: ReportPeriod, ms: number) => new Date(Math.max(Date.parse(into(period, 0)), Date.now() - ms)).toISOString();

/** Every line of a report's order list, page by page. */
async function allLines(session: Session, api: Api, id: number): Promise<{ first: ReportOrders; lines: ReportOrderLine[] }> {
  const lines: ReportOrderLine[] = [];
  let first: ReportOrders | undefined;
  for (let page = 1; ; page += 1) {
    const response = await reportCall<ReportOrders>(session, api, 'orders', { siteId: 101, id, page, pageSize: 7 });
    expect(response.status).toBe(200);
    first ??= response.body.data;
    lines.push(...response.body.data.list);
    if (lines.length >= response.body.data.total) break;
  }
  if (!first) throw new Error('no page');
  return { first, lines };
}

/** The list adds up to the report: count = sales − refunds, amount = Σ signed lines, both equal to the metrics. */
function expectReconciled(report: ReportDetail, first: ReportOrders, lines: readonly ReportOrderLine[]) {
  expect(first.summary.count).toBe(report.metrics.orderCount);
  expect(first.summary.amount).toBe(report.metrics.orderAmount);
  expect(lines).toHaveLength(first.total);
  expect(new Set(lines.map((line) => `${line.line}:${line.id}`)).size).toBe(lines.length);
  const sales = lines.filter((line) => line.line === 'sale');
  const refunds = lines.filter((line) => line.line === 'refund');
  expect(sales.length - refunds.length).toBe(report.metrics.orderCount);
  expect(first.summary).toMatchObject({ saleCount: sales.length, refundCount: refunds.length });
  const fen = lines.reduce((sum, line) => sum + Math.round(line.lineAmount * 100), 0);
  expect(fen).toBe(Math.round(report.metrics.orderAmount * 100));
  // Latest first by the time that put each line in the period.
  expect([...lines].sort((a, b) => b.at.localeCompare(a.at)).map((line) => line.at)).toEqual(lines.map((line) => line.at));
}

describe("a report's order list", () => {
  it.each<[Api, 'weekly' | 'halfMonth']>([
    ['weekly', 'weekly'],
    ['halfmonth', 'halfMonth'],
  ])('of the %s report adds up to its figures with refunds crossing periods', async (api, kind) => {
    const period = shiftPeriod(periodAt(kind, new Date()), -1);
    const before = shiftPeriod(period, -1);
    const after = periodAt(kind, new Date());
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`);
    const item = [{ name: '矿泉水', quantity: 2, unitPrice: 100.5 }];
    const base = { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id, items: item };
    const tag = `${kind.toUpperCase()}-X`;
    // Refunded in the current period, and not in the future.
    const refundedNow = lately(after, 60_000);
    const ingested = await server.app.orderIngestion.ingest([
      // Paid in the period before, refunded in this one: a refund line only.
      { ...base, orderNo: `${tag}-A`, status: 'refunded', createdAt: into(before, 10), paidAt: into(before, 10), refundedAt: into(period, 30) },
      // Paid in this period, refunded in the next: a sale line only (status 已退款).
      { ...base, orderNo: `${tag}-B`, status: 'refunded', createdAt: into(period, 11), paidAt: into(period, 11), refundedAt: refundedNow },
      // Paid and refunded within the period: a sale and a refund.
      { ...base, orderNo: `${tag}-C`, status: 'refunded', createdAt: into(period, 12), paidAt: into(period, 12), refundedAt: into(period, 40) },
      // An ordinary sale, and a cancelled order that never counts.
      { ...base, orderNo: `${tag}-D`, status: 'completed', createdAt: into(period, 13), paidAt: into(period, 13), completedAt: into(period, 50) },
      { ...base, orderNo: `${tag}-E`, status: 'cancelled', createdAt: into(period, 14), cancelledAt: into(period, 15) },
    ]);
    expect(ingested.failed).toBe(0);
    // The seed may hold 张伟's report of that period; start from none.
    await server.db.execute(sql`delete from reports where staff_id = ${as.zhangWei.id} and site_id = 101 and kind = ${kind} and period_start = ${period.start}`);
    const created = await reportCall<ReportDetail>(as.zhangWei, api, 'create', { siteId: 101, periodStart: period.start, ...text });
    expect(created.status).toBe(200);
    const report = created.body.data;

    const { first, lines } = await allLines(as.zhangWei, api, report.id);
    expectReconciled(report, first, lines);
    const mine = (suffix: string) => lines.filter((line) => line.orderNo === `${tag}-${suffix}`).map((line) => ({ line: line.line, at: line.at, lineAmount: line.lineAmount, status: line.status }));
    expect(mine('A')).toEqual([{ line: 'refund', at: into(period, 30), lineAmount: -201, status: 'refunded' }]);
    expect(mine('B')).toEqual([{ line: 'sale', at: into(period, 11), lineAmount: 201, status: 'refunded' }]);
    expect(mine('C')).toEqual([
      { line: 'refund', at: into(period, 40), lineAmount: -201, status: 'refunded' },
      { line: 'sale', at: into(period, 12), lineAmount: 201, status: 'refunded' },
    ]);
    expect(mine('D')).toEqual([{ line: 'sale', at: into(period, 13), lineAmount: 201, status: 'completed' }]);
    expect(mine('E')).toEqual([]);

    // A leader opening the member's report gets the same list.
    const leader = await allLines(as.liNa, api, report.id);
    expect(leader.first.summary).toEqual(first.summary);
  });

  it('written before its period ended, keeps adding up to it when sales and refunds follow', async () => {
    const period = periodAt('weekly', new Date());
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`);
    const base = { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id, items: [{ name: '饼干', quantity: 1, unitPrice: 33.3 }] };
    const paidAt = lately(period, 120_000);
    expect((await server.app.orderIngestion.ingest([{ ...base, orderNo: 'NOW-SALE', status: 'paid', createdAt: paidAt, paidAt }])).failed).toBe(0);
    await server.db.execute(sql`delete from reports where staff_id = ${as.zhangWei.id} and site_id = 101 and kind = 'weekly' and period_start = ${period.start}`);
    const created = await reportCall<ReportDetail>(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: period.start, ...text });
    expect(created.status).toBe(200);
    const report = created.body.data;
    // After the report: that sale is refunded and a new sale is paid, both within the week.
    const later = new Date().toISOString();
    const next = await server.app.orderIngestion.ingest([
      { ...base, orderNo: 'NOW-SALE', status: 'refunded', createdAt: paidAt, paidAt, refundedAt: later },
      { ...base, orderNo: 'NOW-LATER', status: 'paid', createdAt: later, paidAt: later },
    ]);
    expect(next.failed).toBe(0);
    const { first, lines } = await allLines(as.zhangWei, 'weekly', report.id);
    expectReconciled(report, first, lines);
    expect(lines.filter((line) => line.orderNo.startsWith('NOW-')).map((line) => [line.orderNo, line.line])).toEqual([['NOW-SALE', 'sale']]);
    expect(Date.parse(first.figuresAt)).toBeLessThanOrEqual(Date.parse(report.createdAt) + 1_000);
  });
});

describe("a seeded report's order list", () => {
  it.each<[Api, 'weekly' | 'halfMonth']>([
    ['weekly', 'weekly'],
    ['halfmonth', 'halfMonth'],
  ])("of the %s reports of two months ago and before adds up to it and stands at the period's end", async (api, kind) => {
    // (The tests above write the latest periods' reports anew; these are the demo's own.)
    const seeded = await rows<{ id: number; period_end: string }>(
      server.db,
      sql`select id, period_end::text as period_end from reports where kind = ${kind} and staff_id = ${as.zhangWei.id} and site_id = 101
            and period_end::text < to_char(now() at time zone 'Asia/Shanghai' - interval '60 days', 'YYYY-MM-DD') order by period_start desc limit 3`,
    );
    expect(seeded.length).toBeGreaterThan(0);
    for (const { id, period_end: periodEnd } of seeded) {
      const report = await reportCall<ReportDetail>(as.zhangWei, api, 'detail', { siteId: 101, id });
      expect(report.status).toBe(200);
      const { first, lines } = await allLines(as.zhangWei, api, id);
      expectReconciled(report.body.data, first, lines);
      // 统计截至 the last moment of the period's last China day, not the day the demo was seeded.
      expect(new Date(first.figuresAt).getTime()).toBe(new Date(`${periodEnd}T23:59:59.999+08:00`).getTime());
    }
  });
});

describe("部门销售明细's order view", () => {
  it.each(['month', 'lastMonth'] as const)('lists the sales and refunds that add up to its totals (%s), for the site and for one salesperson', async (period) => {
    for (const [session, staffId] of [
      [as.liNa, undefined],
      [as.liNa, as.zhangWei.id],
      [as.zhangWei, undefined],
    ] as const) {
      const lines: OrderLine[] = [];
      let totals: SalesDetails['totals'] | undefined;
      for (let page = 1; ; page += 1) {
        const response = await staffCall<SalesDetails>(server.app, session, 'performance/details', { siteId: 101, period, view: 'order', page, pageSize: 100, ...(staffId ? { staffId } : {}) });
        expect(response.status).toBe(200);
        totals ??= response.body.data.totals;
        const orders = response.body.data.orders;
        if (!orders) throw new Error('the order view has orders');
        lines.push(...orders.list);
        if (lines.length >= orders.total) break;
      }
      if (!totals) throw new Error('no totals');
      const sales = lines.filter((line) => line.line === 'sale').length;
      expect(sales - (lines.length - sales)).toBe(totals.orderCount);
      expect(lines.reduce((sum, line) => sum + Math.round(line.lineAmount * 100), 0)).toBe(Math.round(totals.orderAmount * 100));
      if (session === as.zhangWei || staffId) expect(lines.every((line) => line.staff?.id === as.zhangWei.id)).toBe(true);
    }
  });
});

describe('the ranking', () => {
  it.each(['month', 'lastMonth', 'year'] as const)('plus the unassigned and other credited figures equals the site total (%s)', async (period) => {
    // Some sales of the period credited to nobody, whatever the seed holds.
    const customer = await firstCustomer(server.db, sql`site_id = 101`);
    const paidAt = new Date(Date.now() - 30_000).toISOString();
    await server.app.orderIngestion.ingest([
      { orderNo: `NOBODY-${period}`, siteId: 101, customerId: customer.id, staffId: null, status: 'paid', createdAt: paidAt, paidAt, items: [{ name: '纸巾', quantity: 4, unitPrice: 9.9 }] },
    ]);
    const site = await staffCall<SiteFigures>(server.app, as.liNa, 'performance/site', { siteId: 101, period });
    expect(site.status).toBe(200);
    const total = site.body.data.figures.current;
    for (const metric of ['orderAmount', 'orderCount', 'newCustomers', 'followUps'] as const) {
      const response = await staffCall<Ranking>(server.app, as.liNa, 'performance/ranking', { siteId: 101, period, metric });
      expect(response.status).toBe(200);
      const { list, unranked } = response.body.data;
      if (!unranked) throw new Error('a leader sees what is not ranked');
      expect(unranked.site).toEqual(total);
      for (const key of ['orderAmount', 'orderCount', 'newCustomers', 'followUps'] as const) {
        const cents = (value: number) => Math.round(value * 100);
        const ranked = list.reduce((sum, entry) => sum + cents(entry.figures[key]), 0);
        expect(ranked + cents(unranked.unassigned[key]) + cents(unranked.others[key])).toBe(cents(total[key]));
      }
    }
    const current = await staffCall<Ranking>(server.app, as.liNa, 'performance/ranking', { siteId: 101, period: 'month', metric: 'orderAmount' });
    const credited = await scalar(
      server.db,
      sql`select coalesce(sum(paid_amount_fen - refund_amount_fen), 0) as value from performance_daily
          where site_id = 101 and staff_id = 0 and day >= ${current.body.data.ranges.range.startDate} and day <= ${current.body.data.ranges.range.endDate}`,
    );
    expect(current.body.data.unranked?.unassigned.orderAmount).toBe(credited / 100);
    expect(credited).toBeGreaterThan(0);
  });

  it('tells a salesperson nothing about the site beyond the ranked people', async () => {
    const response = await staffCall<Ranking>(server.app, as.zhangWei, 'performance/ranking', { siteId: 101, period: 'month', metric: 'orderAmount' });
    expect(response.status).toBe(200);
    expect(response.body.data.unranked).toBeNull();
  });
});

describe('a personal target', () => {
  it('is shown to a salesperson under the site default, never to a leader of the site', async () => {
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    // Only the site default this month: 张伟 inherits it; 李娜 leads 101 and has no standard.
    await server.db.execute(sql`delete from performance_standards where site_id = 101 and month = ${month}`);
    await server.db.insert(performanceStandards).values({ siteId: 101, staffId: null, month, targetAmountFen: 9_300_000, targetOrders: 93, targetNewCustomers: 31 });
    const zhang = await reportCall<ReportPreview>(as.zhangWei, 'weekly', 'before/create', { siteId: 101 });
    expect(zhang.body.data.metrics.targetAmount).toBeGreaterThan(0);
    const li = await reportCall<ReportPreview>(as.liNa, 'weekly', 'before/create', { siteId: 101 });
    expect(li.status).toBe(200);
    expect(li.body.data.metrics).toMatchObject({ targetAmount: 0, targetOrders: 0, targetNewCustomers: 0, completion: null });
    const liHalf = await reportCall<ReportPreview>(as.liNa, 'halfmonth', 'before/create', { siteId: 101 });
    expect(liHalf.body.data.metrics).toMatchObject({ targetAmount: 0, completion: null });
    // The same rule on the performance pages, and in the series of her weeks.
    const person = await staffCall<{ figures: { target: { targetAmount: number }; completion: { amount: number | null } } }>(server.app, as.liNa, 'performance/person', {
      siteId: 101,
      period: 'month',
    });
    expect(person.body.data.figures.target.targetAmount).toBe(0);
    expect(person.body.data.figures.completion.amount).toBeNull();
    const series = await reportCall<{ list: { metrics: { targetAmount: number } }[] }>(as.liNa, 'weekly', 'series', { siteId: 101 });
    expect(series.body.data.list.every((entry) => entry.metrics.targetAmount === 0)).toBe(true);
    // 王强 leads 101 but is a salesperson at 201: the default of 201 applies to him there.
    await server.db.execute(sql`delete from performance_standards where site_id = 201 and month = ${month}`);
    await server.db.insert(performanceStandards).values({ siteId: 201, staffId: null, month, targetAmountFen: 3_100_000, targetOrders: 31, targetNewCustomers: 31 });
    const wang201 = await call<ReportPreview>(server.app, 'POST', '/seller/weekly/staff/before/create', { token: as.wangQiang.token, body: { siteId: 201 } });
    expect(wang201.body.data.metrics.targetAmount).toBeGreaterThan(0);
    const wang101 = await call<ReportPreview>(server.app, 'POST', '/seller/weekly/staff/before/create', { token: as.wangQiang.token, body: { siteId: 101 } });
    expect(wang101.body.data.metrics.targetAmount).toBe(0);
  });
});
