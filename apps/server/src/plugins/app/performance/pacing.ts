/**
 * Target pacing (issue 18 §5), the one place home, 销售业绩 and 部门销售业绩 take it from: this
 * month's and this quarter's amount target against the net sales to date (China days), what is
 * still missing, the daily amount needed over the days left, and the month-end (quarter-end)
 * figure at the pace so far. Today counts as elapsed for the pace and as left for the daily need:
 * its sales so far are in the pace, and it can still sell. See docs/decisions.md "Target pacing".
 */
import { chinaDayString, type MemberRef, daysInRange, fenToYuan, resolvePeriod, type DayRange, type Pacing, type PacingSpan } from '@sales/contract';
import type { Db } from '../../../db/client.js';
import { figuresFor } from '../../../db/performance-figures.js';
import { targetsOver } from './performance-rows.js';
import { siteMembers } from '../members/site-members.js';

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

/** Whose pacing: one member of the site, or the whole site (its salespeople's targets summed, as its completion). */
export type PacingSubject = { member: Pick<MemberRef, 'id' | 'isLeader'> } | { site: true };

/**
 * What the caller already read for this month (home reads the site's members, the month's targets
 * and figures for its own cards): passed in, they are not read twice and cannot disagree.
 */
export interface KnownMonth {
  people: readonly Pick<MemberRef, 'id' | 'isLeader'>[];
  targetAmountFen: number;
  actualAmountFen: number;
}

/** The spans a pacing measures at `now`: today (China), this month and this quarter, whole. */
export function pacingSpans(now = new Date()) {
  return {
    today: chinaDayString(now),
    month: resolvePeriod({ period: 'month' }, now).targetRange,
    quarter: resolvePeriod({ period: 'quarter' }, now).targetRange,
  };
}

export type PacingSpans = ReturnType<typeof pacingSpans>;

/** The amounts a pacing compares, in fen: targets of the whole spans, sales to date. */
export interface PacingAmounts {
  monthTargetFen: number;
  monthActualFen: number;
  quarterTargetFen: number;
  quarterActualFen: number;
}

/** The pacing from amounts already read (home and 部门销售业绩 read them with their own figures); null when neither span has a target. */
export function pacingFrom(spans: PacingSpans, amounts: PacingAmounts): Pacing | null {
  const pacing = {
    today: spans.today,
    month: pacingSpan(spans.month, spans.today, amounts.monthActualFen, amounts.monthTargetFen),
    quarter: pacingSpan(spans.quarter, spans.today, amounts.quarterActualFen, amounts.quarterTargetFen),
  };
  return pacing.month || pacing.quarter ? pacing : null;
}

/** The month's and the quarter's pacing of a member or a site; null when neither has an amount target. */
export async function pacingOf(db: Db, siteId: number, subject: PacingSubject, now = new Date(), known?: KnownMonth): Promise<Pacing | null> {
  const spans = pacingSpans(now);
  const { today, month, quarter } = spans;
  const staffId = 'member' in subject ? subject.member.id : null;
  const people = 'member' in subject ? [subject.member] : (known?.people ?? (await siteMembers(db, siteId)));
  const targetOf = (targets: Awaited<ReturnType<typeof targetsOver>>) =>
    ('member' in subject ? targets.byPerson.get(subject.member.id)?.targetAmountFen : targets.site.targetAmountFen) ?? 0;
  const [monthTargetFen, quarterTargetFen, monthActualFen, quarterActual] = await Promise.all([
    known ? known.targetAmountFen : targetsOver(db, siteId, month, people).then(targetOf),
    targetsOver(db, siteId, quarter, people).then(targetOf),
    known ? known.actualAmountFen : figuresFor(db, { siteId, staffId, startDate: month.startDate, endDate: today }).then((figures) => figures.orderAmountFen),
    figuresFor(db, { siteId, staffId, startDate: quarter.startDate, endDate: today }),
  ]);
  return pacingFrom(spans, { monthTargetFen, monthActualFen, quarterTargetFen, quarterActualFen: quarterActual.orderAmountFen });
}
