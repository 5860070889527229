/** How the performance summaries' totals (fen) read in the contract's figures (yuan), and the period of a request. */
import {
  completionRatio,
  customRangeProblem,
  fenToYuan,
  resolvePeriod,
  type Completion,
  type Figures,
  type MemberRef,
  type PerformancePeriodInput,
  type PeriodRanges,
  type RankingEntry,
  type RankingMetric,
  type ResolvedPeriod,
  type Targets,
} from '@sales/contract';
import { badRequest } from '../../../lib/errors.js';
import type { FigureTotals, TargetTotals } from '../../../db/performance-figures.js';

export const toFigures = (totals: FigureTotals): Figures => ({
  orderAmount: fenToYuan(totals.orderAmountFen),
  orderCount: totals.orderCount,
  newCustomers: totals.newCustomers,
  followUps: totals.followUps,
});

export const toTargets = (target: TargetTotals): Targets => ({
  targetAmount: fenToYuan(target.targetAmountFen),
  targetOrders: target.targetOrders,
  targetNewCustomers: target.targetNewCustomers,
});

export const completionOf = (totals: FigureTotals, target: TargetTotals): Completion => ({
  amount: completionRatio(totals.orderAmountFen, target.targetAmountFen),
  orders: completionRatio(totals.orderCount, target.targetOrders),
  newCustomers: completionRatio(totals.newCustomers, target.targetNewCustomers),
});

/** A month's figures, target and completion, as the member pages and home show them. */
export const monthOf = (totals: FigureTotals, target: TargetTotals) => ({
  figures: toFigures(totals),
  target: toTargets(target),
  completion: completionOf(totals, target),
});

export const addTargets = (a: TargetTotals, b: TargetTotals): TargetTotals => ({
  targetAmountFen: a.targetAmountFen + b.targetAmountFen,
  targetOrders: a.targetOrders + b.targetOrders,
  targetNewCustomers: a.targetNewCustomers + b.targetNewCustomers,
});

export const addFigures = (a: FigureTotals, b: FigureTotals): FigureTotals => ({
  orderCount: a.orderCount + b.orderCount,
  orderAmountFen: a.orderAmountFen + b.orderAmountFen,
  newCustomers: a.newCustomers + b.newCustomers,
  followUps: a.followUps + b.followUps,
});

export const rangesOf = (period: ResolvedPeriod): PeriodRanges => ({
  period: period.key,
  range: period.range,
  previous: period.previous,
  yearAgo: period.yearAgo,
  targetRange: period.targetRange,
});

/** Resolves the period of a request: 400 with a Chinese message when a custom range is bad (the schema checks each day, not their order). */
export function periodOf(input: PerformancePeriodInput, now = new Date()): ResolvedPeriod {
  if (input.period === 'custom') {
    const problem = customRangeProblem(input.startDate, input.endDate);
    if (problem) throw badRequest(problem);
  }
  return resolvePeriod(input, now);
}

export const memberRef = (member: MemberRef): MemberRef => ({
  id: member.id,
  username: member.username,
  avatar: member.avatar,
  isLeader: member.isLeader,
});

export const METRIC_VALUE: Record<RankingMetric, (totals: FigureTotals) => number> = {
  orderAmount: (t) => t.orderAmountFen,
  orderCount: (t) => t.orderCount,
  newCustomers: (t) => t.newCustomers,
  followUps: (t) => t.followUps,
};

const METRIC_COMPLETION: Record<RankingMetric, (c: Completion) => number | null> = {
  orderAmount: (c) => c.amount,
  orderCount: (c) => c.orders,
  newCustomers: (c) => c.newCustomers,
  followUps: () => null,
};

/** One counted person of a site: their totals, target and completion over a range. */
export interface FigureRow {
  person: MemberRef;
  totals: FigureTotals;
  target: TargetTotals;
  completion: Completion;
}

/**
 * Home's top sellers: the month's ranking by amount, only those who sold (a positive amount), the
 * first `count` of them. On a month's first hours nobody has: the list is empty and home says
 * 本月暂无业绩, rather than crowning five people with 0元.
 */
export function topSellers(rows: readonly FigureRow[], userId: number, count: number): RankingEntry[] {
  return rankRows(rows, 'orderAmount', userId)
    .filter((entry) => entry.value > 0)
    .slice(0, count);
}

/** Ranks rows by a metric: highest first, equal values share a rank (1, 2, 2, 4), the id breaks ties. */
export function rankRows(rows: readonly FigureRow[], metric: RankingMetric, userId: number): RankingEntry[] {
  const sorted = [...rows].sort((a, b) => METRIC_VALUE[metric](b.totals) - METRIC_VALUE[metric](a.totals) || a.person.id - b.person.id);
  let rank = 0;
  let previous: number | null = null;
  return sorted.map((row, index) => {
    const value = METRIC_VALUE[metric](row.totals);
    if (value !== previous) rank = index + 1;
    previous = value;
    return {
      rank,
      member: memberRef(row.person),
      value: metric === 'orderAmount' ? fenToYuan(value) : value,
      figures: toFigures(row.totals),
      completion: METRIC_COMPLETION[metric](row.completion),
      isMe: row.person.id === userId,
    };
  });
}
