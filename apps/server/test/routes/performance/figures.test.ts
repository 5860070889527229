/**
 * Figures of the performance calls checked against sums computed here from the raw orders,
 * customers and follow-ups (never from the summary tables), China-time boundaries, 环比 and 同比.
 */
import {
  chinaDayString,
  fenToYuan,
  resolvePeriod,
  type HomeDashboard,
  type PersonFigures,
  type Ranking,
  type SalesDetails,
  type SiteFigures,
} from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dailyFigures } from '../../../src/db/performance-figures.js';
import { expectFailure, rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

interface Raw {
  orderCount: number;
  orderAmount: number;
  newCustomers: number;
  followUps: number;
}

/** The figures of a site (or one person) over China days, straight from the raw rows. */
async function raw(siteId: number, startDate: string, endDate: string, staffId?: number): Promise<Raw> {
  const day = (column: ReturnType<typeof sql>) => sql`((${column} at time zone 'Asia/Shanghai')::date between ${startDate}::date and ${endDate}::date)`;
  const staffOrder = staffId === undefined ? sql`true` : sql`staff_id = ${staffId}`;
  const [sales] = await rows<{ count: number; fen: number }>(
    server.db,
    sql`select
          (select count(*) from orders where site_id = ${siteId} and ${staffOrder} and status in ('paid','shipped','completed','refunded') and ${day(sql`paid_at`)})
          - (select count(*) from orders where site_id = ${siteId} and ${staffOrder} and status = 'refunded' and paid_at is not null and ${day(sql`coalesce(refunded_at, paid_at)`)}) as count,
          (select coalesce(sum(amount_fen), 0) from orders where site_id = ${siteId} and ${staffOrder} and status in ('paid','shipped','completed','refunded') and ${day(sql`paid_at`)})::float8
          - (select coalesce(sum(amount_fen), 0) from orders where site_id = ${siteId} and ${staffOrder} and status = 'refunded' and paid_at is not null and ${day(sql`coalesce(refunded_at, paid_at)`)})::float8 as fen`,
  );
  const [people] = await rows<{ customers: number; follows: number }>(
    server.db,
    sql`select
          (select count(*) from customers where site_id = ${siteId} and ${staffId === undefined ? sql`true` : sql`credited_staff_id = ${staffId}`} and ${day(sql`created_at`)})::int as customers,
          (select count(*) from follow_ups where site_id = ${siteId} and ${staffId === undefined ? sql`true` : sql`staff_id = ${staffId}`} and ${day(sql`created_at`)})::int as follows`,
  );
  return {
    orderCount: Number(sales?.count),
    orderAmount: fenToYuan(Number(sales?.fen)),
    newCustomers: Number(people?.customers),
    followUps: Number(people?.follows),
  };
}

describe('figures against the raw rows', () => {
  it('gives a leader the site totals of 本月, 上月 and 本年, with 环比 and the daily trend', async () => {
    for (const period of ['month', 'lastMonth', 'year'] as const) {
      const response = await staffCall<SiteFigures>(server.app, as.liNa, 'performance/site', { siteId: 101, period });
      expect(response.status).toBe(200);
      const { ranges, figures, trend, members } = response.body.data;
      const expected = resolvePeriod({ period });
      expect(ranges.range).toEqual(expected.range);
      expect(figures.current).toEqual(await raw(101, ranges.range.startDate, ranges.range.endDate));
      expect(figures.previous).toEqual(await raw(101, ranges.previous.startDate, ranges.previous.endDate));
      expect(trend.length).toBe(expected.range.endDate === expected.range.startDate ? 1 : trend.length);
      expect(trend[0]?.date).toBe(ranges.range.startDate);
      expect(trend.at(-1)?.date).toBe(ranges.range.endDate);
      const trendSum = trend.reduce((sum, point) => sum + Math.round(point.orderAmount * 100), 0);
      expect(trendSum).toBe(Math.round(figures.current.orderAmount * 100));
      // Each day's point is that day's figures (the statement's day arrays are read back aligned).
      const days = await dailyFigures(server.db, { siteId: 101, staffId: null, ...ranges.range });
      // Not a comparison of nothing: 上月 and 本年 have many days with figures (本月 may be on its
      // first day, with none yet: from 16:00 UTC on a month's last day).
      expect(days.size).toBeGreaterThanOrEqual({ month: 0, lastMonth: 2, year: 101 }[period]);
      for (const point of trend) {
        const day = days.get(point.date);
        expect({ date: point.date, orderCount: point.orderCount, orderAmount: point.orderAmount, newCustomers: point.newCustomers, followUps: point.followUps }).toEqual({
          date: point.date,
          orderCount: day?.orderCount ?? 0,
          orderAmount: fenToYuan(Number(day?.orderAmountFen ?? 0)),
          newCustomers: day?.newCustomers ?? 0,
          followUps: day?.followUps ?? 0,
        });
      }
      // Members sorted by amount, and a salesperson's row equal to his raw figures.
      const amounts = members.map((row) => row.figures.orderAmount);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      const zhang = members.find((row) => row.member.id === as.zhangWei.id);
      expect(zhang?.figures).toEqual(await raw(101, ranges.range.startDate, ranges.range.endDate, as.zhangWei.id));
    }
  });

  it('gives a salesperson his own figures for a custom range, and the same to his leader', async () => {
    const body = { siteId: 101, period: 'custom', startDate: '2026-01-01', endDate: '2026-06-30' };
    const own = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', body);
    expect(own.status).toBe(200);
    expect(own.body.data.member.id).toBe(as.zhangWei.id);
    expect(own.body.data.figures.current).toEqual(await raw(101, '2026-01-01', '2026-06-30', as.zhangWei.id));
    expect(own.body.data.ranges.previous).toEqual({ startDate: '2025-07-04', endDate: '2025-12-31' });
    const byLeader = await staffCall<PersonFigures>(server.app, as.liNa, 'performance/person', { ...body, staffId: as.zhangWei.id });
    expect(byLeader.body.data.figures).toEqual(own.body.data.figures);
  });

  it('counts an order at 23:59 on Sunday in that week and one at 00:01 on Monday in the next, China time', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 102 and owner_id is not null`);
    const item = [{ name: '纸巾', quantity: 1, unitPrice: 100 }];
    const base = { siteId: 102, customerId: customer.id, items: item, status: 'paid' };
    const result = await server.app.orderIngestion.ingest([
      // 2019-03-31 is a Sunday and the last day of Q1; 2019-04-01 a Monday (years before the demo history).
      { ...base, orderNo: 'B-SUN', createdAt: '2019-03-31T23:58:00+08:00', paidAt: '2019-03-31T23:59:00+08:00' },
      { ...base, orderNo: 'B-MON', createdAt: '2019-04-01T00:00:30+08:00', paidAt: '2019-04-01T00:01:00+08:00', items: [{ name: '纸巾', quantity: 2, unitPrice: 100 }] },
      // 23:30 UTC on 31 December is already 1 January in China.
      { ...base, orderNo: 'B-NY', createdAt: '2019-12-31T23:00:00Z', paidAt: '2019-12-31T23:30:00Z', items: [{ name: '纸巾', quantity: 4, unitPrice: 100 }] },
    ]);
    expect(result.failed).toBe(0);
    const site = (startDate: string, endDate: string) =>
      staffCall<SiteFigures>(server.app, as.chenJing, 'performance/site', { siteId: 102, period: 'custom', startDate, endDate });
    const sundayWeek = await site('2019-03-25', '2019-03-31');
    expect(sundayWeek.body.data.figures.current.orderAmount).toBe(100);
    const mondayWeek = await site('2019-04-01', '2019-04-07');
    expect(mondayWeek.body.data.figures.current.orderAmount).toBe(200);
    expect(mondayWeek.body.data.figures.previous.orderAmount).toBe(100);
    const quarter = await site('2019-01-01', '2019-03-31');
    expect(quarter.body.data.figures.current).toMatchObject({ orderAmount: 100, orderCount: 1 });
    const year2020 = await site('2020-01-01', '2020-01-01');
    expect(year2020.body.data.figures.current).toMatchObject({ orderAmount: 400, orderCount: 1 });
    const year2019 = await site('2019-12-31', '2019-12-31');
    expect(year2019.body.data.figures.current.orderAmount).toBe(0);
    // 同比 of 2020-04-01: the Monday order a year earlier.
    const nextYear = await site('2020-04-01', '2020-04-01');
    expect(nextYear.body.data.ranges.yearAgo).toEqual({ startDate: '2019-04-01', endDate: '2019-04-01' });
    expect(nextYear.body.data.figures.yearAgo).toMatchObject({ orderAmount: 200, orderCount: 1 });
  });

  it('answers 同比 null when the site has no data a year earlier, and figures once it has', async () => {
    const [first] = await rows<{ day: string }>(
      server.db,
      sql`select to_char(min(day), 'YYYY-MM-DD') as day from (
            select (paid_at at time zone 'Asia/Shanghai')::date as day from orders where site_id = 201 and paid_at is not null
            union all select (created_at at time zone 'Asia/Shanghai')::date from customers where site_id = 201
            union all select (created_at at time zone 'Asia/Shanghai')::date from follow_ups where site_id = 201) recorded`,
    );
    const firstDay = first?.day ?? '';
    const shift = (days: number) => chinaDayString(new Date(new Date(`${firstDay}T12:00:00+08:00`).getTime() + days * 86_400_000));
    const site = (startDate: string, endDate: string) =>
      staffCall<SiteFigures>(server.app, as.liuYang, 'performance/site', { siteId: 201, period: 'custom', startDate, endDate });
    const tooEarly = await site(shift(300), shift(310));
    expect(tooEarly.status).toBe(200);
    expect(tooEarly.body.data.figures.yearAgo).toBeNull();
    const later = await site(shift(366), shift(380));
    const { yearAgo } = later.body.data.ranges;
    expect(later.body.data.figures.yearAgo).toEqual(await raw(201, yearAgo.startDate, yearAgo.endDate));
  });

  it('refuses bad periods with a clear message', async () => {
    const site = (body: object) => staffCall(server.app, as.liNa, 'performance/site', { siteId: 101, ...body });
    expectFailure(await site({ period: 'custom', startDate: '2025-03-10', endDate: '2025-03-01' }), 400, '开始日期不能晚于结束日期');
    expectFailure(await site({ period: 'custom', startDate: '2024-01-01', endDate: '2025-06-01' }), 400, '自定义时间范围不能超过一年');
    expectFailure(await site({ period: 'custom', startDate: '2025-02-30', endDate: '2025-03-01' }), 400, '开始日期不正确');
    expectFailure(await site({ period: 'custom' }), 400, '请选择开始日期和结束日期');
    expectFailure(await site({ period: 'decade' }), 400, '统计周期格式不正确');
  });

  it('ranks by each metric with shared ranks, completion and the caller highlighted', async () => {
    for (const metric of ['orderAmount', 'orderCount', 'newCustomers', 'followUps'] as const) {
      const response = await staffCall<Ranking>(server.app, as.zhangWei, 'performance/ranking', { siteId: 101, period: 'month', metric });
      expect(response.status).toBe(200);
      const { list, me } = response.body.data;
      expect(list.length).toBeGreaterThan(2);
      const values = list.map((entry) => entry.value);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      list.forEach((entry, index) => {
        const before = list[index - 1];
        expect(entry.rank).toBe(before && before.value === entry.value ? before.rank : index + 1);
      });
      expect(me?.member.id).toBe(as.zhangWei.id);
      expect(list.filter((entry) => entry.isMe)).toHaveLength(1);
      if (metric === 'followUps') expect(me?.completion).toBeNull();
    }
    const month = resolvePeriod({ period: 'month' });
    const amount = await staffCall<Ranking>(server.app, as.liNa, 'performance/ranking', { siteId: 101, period: 'month', metric: 'orderAmount' });
    const zhang = amount.body.data.list.find((entry) => entry.member.id === as.zhangWei.id);
    expect(zhang?.value).toBe((await raw(101, month.range.startDate, month.range.endDate, as.zhangWei.id)).orderAmount);
    expect(amount.body.data.me).toBeNull();
  });

  it('puts today, the month with 环比, 30 days and the top 5 on home', async () => {
    const response = await staffCall<HomeDashboard>(server.app, as.liNa, 'performance/home', { siteId: 101 });
    expect(response.status).toBe(200);
    const home = response.body.data;
    const today = chinaDayString(new Date());
    const month = resolvePeriod({ period: 'month' });
    expect(home.scope).toBe('site');
    expect(home.today).toBe(today);
    expect(home.todaySales.orderAmount).toBe((await raw(101, today, today)).orderAmount);
    expect(home.monthSales.orderAmount).toBe((await raw(101, month.range.startDate, month.range.endDate)).orderAmount);
    expect(home.monthSales.previousAmount).toBe((await raw(101, month.previous.startDate, month.previous.endDate)).orderAmount);
    expect(home.trend).toHaveLength(30);
    expect(home.trend.at(-1)?.date).toBe(today);
    expect(home.top.length).toBeLessThanOrEqual(5);
    // Only those who sold this month (none on a China month's first hours).
    expect(home.top.every((entry) => entry.value > 0)).toBe(true);
    expect(home.month.target.targetAmount).toBeGreaterThan(0);
    expect(home.month.completion.amount).toBeCloseTo(home.month.figures.orderAmount / home.month.target.targetAmount, 6);
    const [due] = await rows<{ count: number }>(
      server.db,
      sql`select count(*)::int as count from follow_ups f where site_id = 101
            and (next_contact_at at time zone 'Asia/Shanghai')::date = ${today}::date
            and not exists (select 1 from follow_ups g where g.customer_id = f.customer_id and (g.created_at, g.id) > (f.created_at, f.id))`,
    );
    expect(home.toContactTotal).toBe(due?.count);
    const mine = await staffCall<HomeDashboard>(server.app, as.zhangWei, 'performance/home', { siteId: 101 });
    expect(mine.body.data.scope).toBe('self');
    expect(mine.body.data.monthSales.orderAmount).toBe((await raw(101, month.range.startDate, month.range.endDate, as.zhangWei.id)).orderAmount);
    expect(mine.body.data.toContact.every((entry) => entry.staff.id === as.zhangWei.id || entry.customer.id > 0)).toBe(true);
  });

  it('lists the sales day by day and order by order', async () => {
    const body = { siteId: 101, period: 'lastMonth', pageSize: 100 };
    const days = await staffCall<SalesDetails>(server.app, as.liNa, 'performance/details', { ...body, view: 'day' });
    expect(days.status).toBe(200);
    const dayList = days.body.data.days?.list ?? [];
    const range = days.body.data.ranges.range;
    expect(dayList[0]?.date).toBe(range.endDate);
    const net = dayList.reduce((sum, day) => sum + Math.round(day.orderAmount * 100), 0);
    expect(net).toBe(Math.round(days.body.data.totals.orderAmount * 100));
    const ordersPage = await staffCall<SalesDetails>(server.app, as.liNa, 'performance/details', { ...body, view: 'order', pageSize: 5 });
    // Issue 16: the order view lists the sales (paid in the range) and the refunds (refunded in it) that the totals count.
    const [lines] = await rows<{ count: number }>(
      server.db,
      sql`select (select count(*)::int from orders where site_id = 101 and status in ('paid','shipped','completed','refunded')
                    and (paid_at at time zone 'Asia/Shanghai')::date between ${range.startDate}::date and ${range.endDate}::date)
               + (select count(*)::int from orders where site_id = 101 and status = 'refunded' and paid_at is not null
                    and (coalesce(refunded_at, paid_at) at time zone 'Asia/Shanghai')::date between ${range.startDate}::date and ${range.endDate}::date) as count`,
    );
    expect(ordersPage.body.data.orders?.total).toBe(lines?.count);
    expect(ordersPage.body.data.orders?.list).toHaveLength(5);
    // A salesperson gets only his own.
    const own = await staffCall<SalesDetails>(server.app, as.zhangWei, 'performance/details', { ...body, view: 'order' });
    expect(own.body.data.orders?.list.every((order) => order.staff?.id === as.zhangWei.id)).toBe(true);
  });
});
