/** Target pacing (issue 18 §5): the arithmetic, and the same figures on home, 销售业绩 and 部门销售业绩. */
import { resolvePeriod, yuanToFen, type HomeDashboard, type PersonFigures, type SiteFigures } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, rows, useTestServer } from '../../helper.js';
import { pacingFrom, pacingSpan, pacingSpans } from '../../../src/plugins/app/performance/pacing.js';
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

describe('pacingFrom', () => {
  // 27 November 2026 (China): 4 days left in November, 35 in the fourth quarter.
  const spans = pacingSpans(new Date('2026-11-27T04:00:00Z'));
  const amounts = { monthTargetFen: 6_000_000, monthActualFen: 2_000_000, quarterActualFen: 6_500_000 };
  const months = (october: number, november: number, december: number) => [
    { month: '2026-10', targetFen: october },
    { month: '2026-11', targetFen: november },
    { month: '2026-12', targetFen: december },
  ];

  it('paces the quarter on its three months when all have a target', () => {
    const pacing = pacingFrom(spans, { ...amounts, quarterMonths: months(5_000_000, 6_000_000, 7_000_000) });
    expect(pacing?.quarterUnsetMonths).toEqual([]);
    expect(pacing?.quarter).toMatchObject({ targetAmount: 180_000, remainingAmount: 115_000, daysLeft: 35 });
    expect(pacing?.month).toMatchObject({ remainingAmount: 40_000, daysLeft: 4, dailyNeeded: 10_000 });
  });

  it('does not count a month without a target as 0: December unset, no quarter pace and December named (issue 25 §3)', () => {
    // As 0, the quarter needed (110,000 − 65,000) ÷ 35 ≈ 1,285.72元 a day beside the month's 10,000元.
    const pacing = pacingFrom(spans, { ...amounts, quarterMonths: months(5_000_000, 6_000_000, 0) });
    expect(pacing).toMatchObject({ quarter: null, quarterUnsetMonths: ['2026-12'] });
    expect(pacing?.month).toMatchObject({ dailyNeeded: 10_000 });
  });

  it('names every month without a target, and has no pacing when none has one', () => {
    const pacing = pacingFrom(spans, { ...amounts, monthTargetFen: 0, quarterMonths: months(5_000_000, 0, 0) });
    expect(pacing).toMatchObject({ month: null, quarter: null, quarterUnsetMonths: ['2026-11', '2026-12'] });
    expect(pacingFrom(spans, { ...amounts, monthTargetFen: 0, quarterMonths: months(0, 0, 0) })).toBeNull();
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
    // The quarter is paced on its three months' standards when all are set; else it names the unset ones.
    const monthFens = await Promise.all(quarterMonths().map((key) => standardFen(101, as.zhangWei.id, key)));
    const unset = quarterMonths().filter((_key, index) => monthFens[index] === 0);
    expect(pacing?.quarterUnsetMonths).toEqual(unset);
    if (unset.length === 0) {
      expect(yuanToFen(pacing?.quarter?.targetAmount ?? 0)).toBe(monthFens.reduce((a, b) => a + b, 0));
      expect(pacing?.quarter?.actualAmount).toBe(quarterly.body.data.figures.current.orderAmount);
    } else {
      expect(pacing?.quarter).toBeNull();
    }
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

  /** The month of the quarter other than the current one whose target the tests take away. */
  const otherMonth = () => {
    const others = quarterMonths().filter((key) => key !== month().startDate.slice(0, 7));
    return at(others, others.length - 1);
  };

  /** Sets the site default and 张伟's row of a month at site 101 (amounts in fen). */
  async function setStandards(monthKey: string, siteFen: number, zhangFen: number) {
    for (const [staffId, fen] of [
      [null, siteFen],
      [as.zhangWei.id, zhangFen],
    ] as const) {
      await server.db.execute(sql`insert into performance_standards (site_id, staff_id, month, target_amount_fen, target_orders, target_new_customers)
                                  values (101, ${staffId}, ${monthKey}, ${fen}, 10, 2)
                                  on conflict (site_id, staff_id, month) do update set target_amount_fen = excluded.target_amount_fen`);
    }
  }

  const pacingOf = async () => {
    const person = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'month' });
    const site = await staffCall<SiteFigures>(server.app, as.liNa, 'performance/site', { siteId: 101, period: 'month' });
    const ownHome = await staffCall<HomeDashboard>(server.app, as.zhangWei, 'performance/home', { siteId: 101 });
    const leaderHome = await staffCall<HomeDashboard>(server.app, as.liNa, 'performance/home', { siteId: 101 });
    // Home says what 销售业绩 and 部门销售业绩 say.
    expect(ownHome.body.data.pacing).toEqual(person.body.data.pacing);
    expect(leaderHome.body.data.pacing).toEqual(site.body.data.pacing);
    return { person: person.body.data.pacing, site: site.body.data.pacing };
  };

  it('all three months set: the quarter is paced on their sum (issue 25 §3)', async () => {
    for (const key of quarterMonths()) {
      if ((await standardFen(101, as.zhangWei.id, key)) === 0) await setStandards(key, 3_000_000, 3_500_000);
    }
    const monthFens = await Promise.all(quarterMonths().map((key) => standardFen(101, as.zhangWei.id, key)));
    const { person, site } = await pacingOf();
    expect(person?.quarterUnsetMonths).toEqual([]);
    expect(yuanToFen(person?.quarter?.targetAmount ?? 0)).toBe(monthFens.reduce((a, b) => a + b, 0));
    expect(site?.quarterUnsetMonths).toEqual([]);
    expect(site?.quarter?.targetAmount).toBeGreaterThan(0);
  });

  it('a month of the quarter without a target: the quarter names it and has no daily pace, the month still has its own (issue 25 §3)', async () => {
    const unsetMonth = otherMonth();
    await server.db.execute(sql`delete from performance_standards where site_id = 101 and month = ${unsetMonth}`);
    const { person, site } = await pacingOf();
    for (const pacing of [person, site]) {
      expect(pacing?.quarterUnsetMonths).toEqual([unsetMonth]);
      expect(pacing?.quarter).toBeNull();
      expect(pacing?.month?.targetAmount).toBeGreaterThan(0);
    }
    // A target of 0 is no target either.
    await setStandards(unsetMonth, 0, 0);
    expect((await pacingOf()).person?.quarterUnsetMonths).toEqual([unsetMonth]);
  });

  it('this month without a target: no month pace, and the quarter says this month has none (issue 25 §3)', async () => {
    const thisMonth = month().startDate.slice(0, 7);
    for (const key of quarterMonths()) await setStandards(key, 3_000_000, 3_500_000);
    await server.db.execute(sql`delete from performance_standards where site_id = 101 and month = ${thisMonth}`);
    const { person, site } = await pacingOf();
    for (const pacing of [person, site]) {
      expect(pacing?.month).toBeNull();
      expect(pacing?.quarter).toBeNull();
      expect(pacing?.quarterUnsetMonths).toEqual([thisMonth]);
    }
  });

  it('no standard this quarter: no pacing', async () => {
    await server.db.execute(sql`delete from performance_standards where site_id = 102 and month in ${sql.raw(`(${quarterMonths().map((key) => `'${key}'`).join(',')})`)}`);
    const site = await staffCall<SiteFigures>(server.app, as.chenJing, 'performance/site', { siteId: 102, period: 'month' });
    expect(site.status).toBe(200);
    expect(site.body.data.pacing).toBeNull();
  });
});
