/** Target pacing (issue 18 §5): the arithmetic, and the same figures on home, 销售业绩 and 部门销售业绩. */
import { resolvePeriod, yuanToFen, type HomeDashboard, type PersonFigures, type SiteFigures } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useTestServer } from '../../helper.js';
import { pacingSpan } from '../../../src/plugins/app/performance/pacing.js';
import { loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const november = { startDate: '2026-11-01', endDate: '2026-11-30' };

describe('pacingSpan', () => {
  it('mid-month: what is missing, the daily need over the days left (today included) and the month-end projection', () => {
    // 1,000元 in 10 days of a 3,000元 target: 2,000元 over 21 days; 100元 a day × 30 days.
    expect(pacingSpan(november, '2026-11-10', 100_000, 300_000)).toEqual({
      ...november,
      targetAmount: 3000,
      actualAmount: 1000,
      completion: 1 / 3,
      remainingAmount: 2000,
      reached: false,
      daysLeft: 21,
      dailyNeeded: 95.24,
      projectedAmount: 3000,
    });
  });

  it('on the first and the last day', () => {
    const first = pacingSpan(november, '2026-11-01', 0, 300_000);
    expect(first).toMatchObject({ daysLeft: 30, dailyNeeded: 100, projectedAmount: 0, remainingAmount: 3000 });
    const last = pacingSpan(november, '2026-11-30', 250_000, 300_000);
    expect(last).toMatchObject({ daysLeft: 1, remainingAmount: 500, dailyNeeded: 500, projectedAmount: 2500, reached: false });
  });

  it('a reached target needs nothing more and never goes negative', () => {
    expect(pacingSpan(november, '2026-11-20', 300_000, 300_000)).toMatchObject({ reached: true, remainingAmount: 0, dailyNeeded: 0, completion: 1 });
    expect(pacingSpan(november, '2026-11-20', 450_000, 300_000)).toMatchObject({ reached: true, remainingAmount: 0, dailyNeeded: 0, completion: 1.5, projectedAmount: 6750 });
  });

  it('no target, no pacing', () => {
    expect(pacingSpan(november, '2026-11-10', 100_000, 0)).toBeNull();
  });

  it('a quarter: its days, the daily need and the projection over the whole quarter', () => {
    const q4 = { startDate: '2026-10-01', endDate: '2026-12-31' };
    // 31 + 30 + 31 = 92 days; 24 November is day 55, 38 days left.
    const pacing = pacingSpan(q4, '2026-11-24', 5_500_000, 9_200_000);
    expect(pacing).toMatchObject({ daysLeft: 38, remainingAmount: 37_000, dailyNeeded: 973.69, projectedAmount: 92_000 });
  });
});

describe('pacing on the pages', () => {
  const server = useTestServer();
  let as: Record<Role, Session>;
  beforeAll(async () => {
    as = await loginAll(server.app);
  });

  const month = () => resolvePeriod({ period: 'month' }).targetRange;
  const quarterMonths = () => {
    const { startDate } = resolvePeriod({ period: 'quarter' }).targetRange;
    const [year, first] = startDate.split('-').map(Number) as [number, number];
    return [0, 1, 2].map((step) => `${year}-${String(first + step).padStart(2, '0')}`);
  };

  /** A salesperson's amount target of a month straight from the standards: their own row, else the site default. */
  async function standardFen(siteId: number, staffId: number | null, monthKey: string): Promise<number> {
    const [row] = await rows<{ fen: number | null }>(
      server.db,
      sql`select coalesce(
            (select target_amount_fen from performance_standards where site_id = ${siteId} and month = ${monthKey} and staff_id = ${staffId}),
            (select target_amount_fen from performance_standards where site_id = ${siteId} and month = ${monthKey} and staff_id is null))::bigint as fen`,
    );
    return Number(row?.fen ?? 0);
  }

  it("销售业绩: a salesperson's month and quarter, agreeing with the month's completion and the quarter's standards", async () => {
    const monthly = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'month' });
    const quarterly = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'quarter' });
    const pacing = monthly.body.data.pacing;
    expect(pacing?.month).toMatchObject({
      ...month(),
      targetAmount: monthly.body.data.figures.target.targetAmount,
      actualAmount: monthly.body.data.figures.current.orderAmount,
    });
    expect(pacing?.month?.targetAmount).toBeGreaterThan(0);
    const quarterFen = (await Promise.all(quarterMonths().map((key) => standardFen(101, as.zhangWei.id, key)))).reduce((a, b) => a + b, 0);
    expect(yuanToFen(pacing?.quarter?.targetAmount ?? 0)).toBe(quarterFen);
    expect(pacing?.quarter?.actualAmount).toBe(quarterly.body.data.figures.current.orderAmount);
    // The period shown does not change the pacing.
    expect(quarterly.body.data.pacing).toEqual(pacing);
  });

  it('部门销售业绩 and home agree for the leader; home agrees with 销售业绩 for a salesperson; a leader has no target of their own', async () => {
    const site = await staffCall<SiteFigures>(server.app, as.liNa, 'performance/site', { siteId: 101, period: 'month' });
    expect(site.body.data.pacing?.month?.targetAmount).toBe(site.body.data.figures.target.targetAmount);
    expect(site.body.data.pacing?.month?.actualAmount).toBe(site.body.data.figures.current.orderAmount);
    const leaderHome = await staffCall<HomeDashboard>(server.app, as.liNa, 'performance/home', { siteId: 101 });
    expect(leaderHome.body.data.pacing).toEqual(site.body.data.pacing);
    const person = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'week' });
    const home = await staffCall<HomeDashboard>(server.app, as.zhangWei, 'performance/home', { siteId: 101 });
    expect(home.body.data.pacing).toEqual(person.body.data.pacing);
    const leaderOwn = await staffCall<PersonFigures>(server.app, as.liNa, 'performance/person', { siteId: 101, period: 'month' });
    expect(leaderOwn.body.data.pacing).toBeNull();
  });

  it('no standard this quarter: no pacing', async () => {
    await server.db.execute(sql`delete from performance_standards where site_id = 102 and month in ${sql.raw(`(${quarterMonths().map((key) => `'${key}'`).join(',')})`)}`);
    const site = await staffCall<SiteFigures>(server.app, as.chenJing, 'performance/site', { siteId: 102, period: 'month' });
    expect(site.status).toBe(200);
    expect(site.body.data.pacing).toBeNull();
  });
});
