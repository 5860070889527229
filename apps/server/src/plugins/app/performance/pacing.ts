/**
 * Target pacing (issue 18 §5), the one place home, 销售业绩 and 部门销售业绩 take it from: this
 * month's and this quarter's amount target against the net sales to date (China days), what is
 * still missing, the daily amount needed over the days left, and the month-end (quarter-end)
 * figure at the pace so far. Today counts as elapsed for the pace and as left for the daily need:
 * its sales so far are in the pace, and it can still sell. The quarter is paced only when all three
 * of its months have a target (issue 25 §3). See docs/decisions.md "Target pacing".
 */
import { chinaDayString, type MemberRef, daysInRange, fenToYuan, monthsInRange, resolvePeriod, type DayRange, type Pacing, type PacingSpan } from '@sales/contract';
import type { Db } from '../../../db/client.js';
import { figuresForRanges } from '../../../db/performance-figures.js';
import { monthsOf, treeStandardsOf, treeTargetsFrom } from './performance-rows.js';

/**
 * One span's pacing from its amounts in fen, or null when it has no amount target. `today` must
 * fall within the span.
 */
export function pacingSpan(span: DayRange, today: string, actualFen: number, targetFen: number): PacingSpan | null {
  if (targetFen <= 0) return null;
  const total = daysInRange(span);
  const elapsed = daysInRange({ startDate: span.startDate, endDate: today });
  const daysLeft = total - elapsed + 1;
  const remainingFen = Math.max(targetFen - actualFen, 0);
  return {
    startDate: span.startDate,
    endDate: span.endDate,
    targetAmount: fenToYuan(targetFen),
    actualAmount: fenToYuan(actualFen),
    completion: actualFen / targetFen,
    remainingAmount: fenToYuan(remainingFen),
    reached: remainingFen === 0,
    daysLeft,
    dailyNeeded: fenToYuan(Math.ceil(remainingFen / daysLeft)),
    projectedAmount: fenToYuan(Math.round((actualFen / elapsed) * total)),
  };
}

/** The spans a pacing measures at `now`: today (China), this month and this quarter, whole. */
export function pacingSpans(now = new Date()) {
  const today = chinaDayString(now);
  const month = resolvePeriod({ period: 'month' }, now).targetRange;
  const quarter = resolvePeriod({ period: 'quarter' }, now).targetRange;
  // The sales a pacing counts: from each span's first day to today.
  const toDate = (span: DayRange): DayRange => ({ startDate: span.startDate, endDate: today });
  return { today, month, quarter, monthToDate: toDate(month), quarterToDate: toDate(quarter) };
}

export type PacingSpans = ReturnType<typeof pacingSpans>;

/** A month of the quarter ('2026-12') and its amount target in fen (0: none). */
export interface MonthTarget {
  month: string;
  targetFen: number;
}

/** The three months of the quarter, each with the amount target `targetOf` gives over its whole days. */
export function quarterMonthTargets(spans: PacingSpans, targetOf: (month: DayRange) => number): MonthTarget[] {
  return monthsInRange(spans.quarter).map(({ month, daysInMonth }) => ({
    month,
    targetFen: targetOf({ startDate: `${month}-01`, endDate: `${month}-${String(daysInMonth).padStart(2, '0')}` }),
  }));
}

/** The amounts a pacing compares, in fen: targets of the whole spans, sales to date. */
export interface PacingAmounts {
  monthTargetFen: number;
  monthActualFen: number;
  /** Each month of the quarter with its target (quarterMonthTargets). */
  quarterMonths: readonly MonthTarget[];
  quarterActualFen: number;
}

/**
 * The pacing from amounts already read (home and 部门销售业绩 read them with their own figures).
 * The quarter is paced only when each of its months has an amount target; otherwise the months
 * without one are named and the quarter has no pace (a missing month is not a target of 0). Null
 * when no month of the quarter has a target.
 */
export function pacingFrom(spans: PacingSpans, amounts: PacingAmounts): Pacing | null {
  const unset = amounts.quarterMonths.filter((entry) => entry.targetFen <= 0).map((entry) => entry.month);
  if (unset.length === amounts.quarterMonths.length && amounts.monthTargetFen <= 0) return null;
  const quarterTargetFen = amounts.quarterMonths.reduce((sum, entry) => sum + entry.targetFen, 0);
  return {
    today: spans.today,
    month: pacingSpan(spans.month, spans.today, amounts.monthActualFen, amounts.monthTargetFen),
    quarter: unset.length === 0 ? pacingSpan(spans.quarter, spans.today, amounts.quarterActualFen, quarterTargetFen) : null,
    quarterUnsetMonths: unset,
  };
}

/**
 * A member's month and quarter pacing (销售业绩), read as home and 部门销售业绩 read theirs: the
 * standards of both spans at once and both spans' sales to date in one query. `sites` is the site
 * and those below it (issue 26 §3): their targets and sales there add up, as their figures do.
 */
export async function pacingOf(db: Db, sites: readonly number[], member: Pick<MemberRef, 'id' | 'isLeader'>, now = new Date()): Promise<Pacing | null> {
  const spans = pacingSpans(now);
  const [tree, [monthToDate, quarterToDate]] = await Promise.all([
    treeStandardsOf(db, sites, monthsOf(spans.month, spans.quarter), spans.month.startDate, [member.id]),
    figuresForRanges(db, { siteId: sites, staffId: member.id }, [spans.monthToDate, spans.quarterToDate]),
  ]);
  const targetOf = (span: DayRange) => treeTargetsFrom(tree, span, [member]).byPerson.get(member.id)?.targetAmountFen ?? 0;
  return pacingFrom(spans, {
    monthTargetFen: targetOf(spans.month),
    monthActualFen: monthToDate.orderAmountFen,
    quarterMonths: quarterMonthTargets(spans, targetOf),
    quarterActualFen: quarterToDate.orderAmountFen,
  });
}
