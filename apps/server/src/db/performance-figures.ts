/**
 * Performance figures, read from the performance_daily summaries that the triggers of migration
 * 0004_performance_summaries keep current (never from a scan of the orders). Sales are the paid,
 * shipped, completed and refunded orders on their paid day minus the refunds on their refunded
 * day; new customers by creation day, credited to the owner at creation; follow-ups by creation
 * day. Days are China-time 'YYYY-MM-DD', both ends included. The weekly and half-month reports use
 * figuresFor and targetFor too, so every page and report counts the same way.
 */
import { monthOfDay, monthsInRange, shiftDay, type DayRange } from '@sales/contract';
import { and, asc, eq, inArray, is, isNull, min, SQL, sql, type StringChunk } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { performanceDaily, performanceMonthly, performanceStandards, positions } from './schema.js';
import { rowsOf } from './seed-bulk.js';
import { named } from './sql-text.js';

export interface FigureTotals {
  orderCount: number;
  orderAmountFen: number;
  newCustomers: number;
  followUps: number;
}

export interface TargetTotals {
  targetAmountFen: number;
  targetOrders: number;
  targetNewCustomers: number;
}

/**
 * The sites a figure counts: one site, or a site with every site below it (site-links'
 * siteAndDescendants; issue 26 §3: a parent's figures roll up its descendants'). A list of one
 * reads exactly as the site alone. An SQL value is an int[] of site ids that the statement itself
 * computes (site-links' SITE_TREE_IDS), for a page that reads its whole tree in one statement.
 */
export type SiteSet = number | readonly number[] | SQL;

/** The condition on a site column for a SiteSet (one site: equality, so the indexes read as before). */
export function atSites(column: AnyPgColumn, set: SiteSet): SQL {
  if (typeof set === 'number') return sql`${named(column)} = ${set}`;
  if (is(set, SQL)) return sql`${named(column)} = any(${set})`;
  if (set.length === 1 && set[0] !== undefined) return sql`${named(column)} = ${set[0]}`;
  return inArray(column, [...set]);
}

export interface FigureQuery {
  siteId: SiteSet;
  /** null/undefined = the whole site (everyone credited there, and nobody). */
  staffId?: number | null;
  startDate: string;
  endDate: string;
}

export const ZERO_FIGURES: FigureTotals = { orderCount: 0, orderAmountFen: 0, newCustomers: 0, followUps: 0 };
export const ZERO_TARGETS: TargetTotals = { targetAmountFen: 0, targetOrders: 0, targetNewCustomers: 0 };

const d = performanceDaily;
const m = performanceMonthly;

// Net sales: paid minus refunded. Sums come back as text (bigint) from PostgreSQL.
const totals = {
  orderCount: sql<string>`coalesce(sum(${d.paidCount} - ${d.refundCount}), 0)`,
  orderAmountFen: sql<string>`coalesce(sum(${d.paidAmountFen} - ${d.refundAmountFen}), 0)`,
  newCustomers: sql<string>`coalesce(sum(${d.newCustomers}), 0)`,
  followUps: sql<string>`coalesce(sum(${d.followUps}), 0)`,
};

const toFigures = (row: { orderCount: string | number; orderAmountFen: string | number; newCustomers: string | number; followUps: string | number } | undefined): FigureTotals =>
  row
    ? {
        orderCount: Number(row.orderCount),
        orderAmountFen: Number(row.orderAmountFen),
        newCustomers: Number(row.newCustomers),
        followUps: Number(row.followUps),
      }
    : { ...ZERO_FIGURES };

const between = (column: SQL | StringChunk, range: DayRange) => sql`${column} >= ${range.startDate} and ${column} <= ${range.endDate}`;

/** A summary table's rows at a query's sites (and of its person, when it has one) that `within` keeps. */
function summaryWhere(table: typeof d | typeof m, q: Omit<FigureQuery, 'startDate' | 'endDate'>, within: SQL): SQL {
  const conditions = [atSites(table.siteId, q.siteId), within];
  if (q.staffId !== null && q.staffId !== undefined) conditions.push(sql`${named(table.staffId)} = ${q.staffId}`);
  return and(...conditions) as SQL;
}

/** The rows of performance_daily a figure query reads. */
export function figureWhere(q: FigureQuery): SQL {
  return summaryWhere(d, q, between(named(d.day), q));
}

/** The four figures of a site, or of one salesperson there, over a range of days. */
export async function figuresFor(db: Db | Tx, q: FigureQuery): Promise<FigureTotals> {
  const [row] = await db.select(totals).from(d).where(figureWhere(q));
  return toFigures(row);
}

/**
 * A range as the rows that sum it: each month wholly inside it from performance_monthly (`months`:
 * the first days of the first and the last such month), and the days outside those months from
 * performance_daily (before them, after them, or the whole range when no month fits in it). A
 * range that ends before it starts has neither.
 */
export function monthSplit(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const entries = monthsInRange(range);
  const whole = entries.filter((entry) => entry.days === entry.daysInMonth);
  const first = whole[0];
  const last = whole.at(-1);
  if (!first || !last) return { months: null, days: entries.length ? [range] : [] };
  const months = { startDate: `${first.month}-01`, endDate: `${last.month}-01` };
  const after = shiftDay(months.endDate, last.daysInMonth);
  const days: DayRange[] = [];
  if (range.startDate < months.startDate) days.push({ startDate: range.startDate, endDate: shiftDay(months.startDate, -1) });
  if (range.endDate >= after) days.push({ startDate: after, endDate: range.endDate });
  return { months, days };
}

/** The first day of a day's month. */
const monthOf = (day: string): string => `${monthOfDay(day)}-01`;

/** The first day of the month after a day's. */
const nextMonthOf = (day: string): string => monthOf(shiftDay(monthOf(day), 31));

/**
 * monthSplit for a range open at either end or both (an order list's dates are optional):
 * `months` from the first whole month on or after the start (none: from the first) to the last
 * whole month up to the end (none: to the last), each bound the first day of a month, absent when
 * open; `days` the days of the range outside those months. Null months: no whole month fits.
 */
export function openMonthSplit(startDate?: string, endDate?: string): { months: { from?: string; to?: string } | null; days: DayRange[] } {
  if (startDate && endDate) {
    const split = monthSplit({ startDate, endDate });
    return { months: split.months && { from: split.months.startDate, to: split.months.endDate }, days: split.days };
  }
  const days: DayRange[] = [];
  const months: { from?: string; to?: string } = {};
  if (startDate) {
    months.from = monthOf(startDate) === startDate ? startDate : nextMonthOf(startDate);
    if (startDate < months.from) days.push({ startDate, endDate: shiftDay(months.from, -1) });
  }
  if (endDate) {
    const endsMonth = nextMonthOf(endDate) === shiftDay(endDate, 1);
    months.to = endsMonth ? monthOf(endDate) : monthOf(shiftDay(monthOf(endDate), -1));
    if (!endsMonth) days.push({ startDate: monthOf(endDate), endDate });
  }
  return { months, days };
}

/** Figure columns of both summary tables. */
export const SUM_COLUMNS = sql.raw('paid_count, paid_amount_fen, refund_count, refund_amount_fen, new_customers, follow_ups');

/** The columns figureRows answers, the same in both tables. */
const ROW_COLUMNS = sql`staff_id, ${SUM_COLUMNS}`;

/** The monthly rows of `months` (first days of months) for a figure query's sites and person. */
const monthlyWhere = (q: Omit<FigureQuery, 'startDate' | 'endDate'>, months: DayRange) => summaryWhere(m, q, between(named(m.month), months));

/**
 * The rows whose sums are a figure query's figures (monthSplit): its whole months' rows of
 * performance_monthly and its other days' rows of performance_daily, as one union for FIGURE_SUMS.
 */
export function figureRows(q: FigureQuery): SQL {
  const { months, days } = monthSplit(q);
  const branches = days.map((range) => sql`select ${ROW_COLUMNS} from ${named(d)} where ${figureWhere({ ...q, ...range })}`);
  if (months) branches.unshift(sql`select ${ROW_COLUMNS} from ${named(m)} where ${monthlyWhere(q, months)}`);
  return branches.length ? sql.join(branches, sql` union all `) : sql`select ${ROW_COLUMNS} from ${named(d)} where false`;
}

/** The four figures summed over figureRows' rows (or performance_daily's), as named columns, for a statement's own select list. */
export const FIGURE_SUMS = sql.raw(`coalesce(sum(paid_count - refund_count), 0) as "orderCount", coalesce(sum(paid_amount_fen - refund_amount_fen), 0) as "orderAmountFen",
  coalesce(sum(new_customers), 0) as "newCustomers", coalesce(sum(follow_ups), 0) as "followUps"`);

/** The distinct ranges of a list (a period's 本月 and the pacing's month to date are often one), and where each range of the list is among them. */
function distinctRanges(ranges: readonly DayRange[]): { distinct: DayRange[]; at: number[] } {
  const keys = new Map<string, number>();
  const distinct: DayRange[] = [];
  const at = ranges.map((range) => {
    const key = `${range.startDate}/${range.endDate}`;
    let index = keys.get(key);
    if (index === undefined) {
      index = distinct.push(range) - 1;
      keys.set(key, index);
    }
    return index;
  });
  return { distinct, at };
}

/** rangeSumsJson's row columns: a monthly row's month, a daily row's day (the other null). */
const month = sql.raw('month');
const day = sql.raw('day');

/**
 * Each range's figures as a json array (one object per distinct range, FIGURE_SUMS' names), for
 * rangeTotalsFrom, in one pass: the monthly rows from the first whole month of any range to the
 * last, and the daily rows of every range's other days (monthSplit), each summed into the ranges
 * it lies in. A year with its 同比 and 环比 reads ~two years of monthly rows per person and two
 * months of days, and the statement plans two reads rather than one per range.
 */
export function rangeSumsJson(q: Omit<FigureQuery, 'startDate' | 'endDate'>, ranges: readonly DayRange[]): SQL {
  const splits = distinctRanges(ranges).distinct.map(monthSplit);
  const spans = splits.flatMap((split) => (split.months ? [split.months] : []));
  const days = distinctRanges(splits.flatMap((split) => split.days)).distinct;
  const branches: SQL[] = [];
  if (spans.length) branches.push(sql`select ${month}, null::date as ${day}, ${SUM_COLUMNS} from ${named(m)} where ${monthlyWhere(q, rangesSpan(spans))}`);
  if (days.length) {
    const within = sql`(${sql.join(days.map((range) => sql`(${between(named(d.day), range)})`), sql` or `)})`;
    branches.push(sql`select null::date as ${month}, ${day}, ${SUM_COLUMNS} from ${named(d)} where ${summaryWhere(d, q, within)}`);
  }
  if (!branches.length) return sql`'[]'::json`;
  const objects = splits.map((split) => {
    const parts = [...(split.months ? [between(month, split.months)] : []), ...split.days.map((range) => between(day, range))];
    const within = parts.length ? sql.join(parts.map((part) => sql`(${part})`), sql` or `) : sql`false`;
    const sum = (value: string) => sql`coalesce(sum(${sql.raw(value)}) filter (where ${within}), 0)`;
    return sql`json_build_object('orderCount', ${sum('paid_count - refund_count')}, 'orderAmountFen', ${sum('paid_amount_fen - refund_amount_fen')},
      'newCustomers', ${sum('new_customers')}, 'followUps', ${sum('follow_ups')})`;
  });
  return sql`(select json_build_array(${sql.join(objects, sql`, `)}) from (${sql.join(branches, sql` union all `)}) r)`;
}

/** The first and last day of several ranges. */
function rangesSpan(ranges: readonly DayRange[]): DayRange {
  const startDate = ranges.reduce((first, range) => (range.startDate < first ? range.startDate : first), ranges[0]?.startDate ?? '');
  const endDate = ranges.reduce((last, range) => (range.endDate > last ? range.endDate : last), ranges[0]?.endDate ?? '');
  return { startDate, endDate };
}

/** Figures as a json sum gives them (numbers, or numeric text). */
export type JsonFigures = Record<keyof FigureTotals, number | string>;

/** Each range's totals from rangeSumsJson's array (none read: zeros). */
export function rangeTotalsFrom<const R extends readonly DayRange[]>(json: readonly JsonFigures[] | null | undefined, ranges: R): { [K in keyof R]: FigureTotals } {
  const { at } = distinctRanges(ranges);
  return at.map((index) => toFigures(json?.[index])) as { [K in keyof R]: FigureTotals };
}

/**
 * The figures of several ranges at once (a page's period, the one before, a year earlier, the
 * pacing's month and quarter to date) in one query. Each result is what figuresFor returns for that
 * range, summed from the months and days of monthSplit.
 */
export async function figuresForRanges<const R extends readonly DayRange[]>(
  db: Db | Tx,
  q: Omit<FigureQuery, 'startDate' | 'endDate'>,
  ranges: R,
): Promise<{ [K in keyof R]: FigureTotals }> {
  if (!ranges.length) return rangeTotalsFrom([], ranges);
  const [row] = rowsOf<{ ranges: JsonFigures[] }>(await db.execute(sql`select ${rangeSumsJson(q, ranges)} as ranges`));
  return rangeTotalsFrom(row?.ranges, ranges);
}

/** Figures read as json (numbers or numeric text) to FigureTotals. */
export const figuresOf = toFigures;

/** A month's standards rows (as standardsOf reads them) into standardsOf's answer. */
export function standardsFrom(rows: readonly { month: string; staffId: number | null; targetAmountFen: number | string; targetOrders: number; targetNewCustomers: number }[]): Map<string, Map<number | null, TargetTotals>> {
  const out = new Map<string, Map<number | null, TargetTotals>>();
  for (const row of rows) {
    const month = out.get(row.month) ?? new Map<number | null, TargetTotals>();
    month.set(row.staffId, { targetAmountFen: Number(row.targetAmountFen), targetOrders: row.targetOrders, targetNewCustomers: row.targetNewCustomers });
    out.set(row.month, month);
  }
  return out;
}

/** The figures of a range day by day (days without activity are absent). */
export async function dailyFigures(db: Db | Tx, q: FigureQuery): Promise<Map<string, FigureTotals & { refundCount: number; refundAmountFen: number }>> {
  const rows = await db
    .select({
      day: d.day,
      ...totals,
      refundCount: sql<string>`coalesce(sum(${d.refundCount}), 0)`,
      refundAmountFen: sql<string>`coalesce(sum(${d.refundAmountFen}), 0)`,
    })
    .from(d)
    .where(figureWhere(q))
    .groupBy(d.day)
    .orderBy(asc(d.day));
  return new Map(
    rows.map((row) => [row.day, { ...toFigures(row), refundCount: Number(row.refundCount), refundAmountFen: Number(row.refundAmountFen) }]),
  );
}

/** The figures of each person credited at a site over a range (staff 0 = credited to nobody). */
export async function figuresByStaff(db: Db | Tx, q: Omit<FigureQuery, 'staffId'> & { staffIds?: readonly number[] }): Promise<Map<number, FigureTotals>> {
  const conditions = [figureWhere(q)];
  if (q.staffIds) {
    if (q.staffIds.length === 0) return new Map();
    conditions.push(inArray(d.staffId, [...q.staffIds]));
  }
  const rows = await db
    .select({ staffId: d.staffId, ...totals })
    .from(d)
    .where(and(...conditions))
    .groupBy(d.staffId);
  return new Map(rows.map((row) => [row.staffId, toFigures(row)]));
}

/** The first day anything was recorded for a site (or a person there); null when nothing ever was. */
export async function firstRecordedDay(db: Db | Tx, q: { siteId: SiteSet; staffId?: number | null }): Promise<string | null> {
  const conditions = [atSites(d.siteId, q.siteId)];
  if (q.staffId !== null && q.staffId !== undefined) conditions.push(eq(d.staffId, q.staffId));
  const [row] = await db.select({ first: min(d.day) }).from(d).where(and(...conditions));
  return row?.first ?? null;
}

/** The standards of a site for some months: month → staffId (null = site default) → targets. */
export async function standardsOf(db: Db | Tx, siteId: number, months: readonly string[]): Promise<Map<string, Map<number | null, TargetTotals>>> {
  if (months.length === 0) return new Map();
  const rows = await db
    .select()
    .from(performanceStandards)
    .where(and(eq(performanceStandards.siteId, siteId), inArray(performanceStandards.month, [...months])));
  return standardsFrom(rows);
}

/** standardsOf for several sites in one query: site id → what standardsOf answers for it (every site present). */
export async function standardsOfSites(db: Db | Tx, siteIds: readonly number[], months: readonly string[]): Promise<Map<number, Map<string, Map<number | null, TargetTotals>>>> {
  const out = new Map(siteIds.map((siteId) => [siteId, new Map<string, Map<number | null, TargetTotals>>()]));
  if (months.length === 0 || siteIds.length === 0) return out;
  const rows = await db
    .select()
    .from(performanceStandards)
    .where(and(atSites(performanceStandards.siteId, siteIds), inArray(performanceStandards.month, [...months])));
  for (const row of rows) {
    const site = out.get(row.siteId);
    if (!site) continue;
    const month = site.get(row.month) ?? new Map<number | null, TargetTotals>();
    month.set(row.staffId, { targetAmountFen: row.targetAmountFen, targetOrders: row.targetOrders, targetNewCustomers: row.targetNewCustomers });
    site.set(row.month, month);
  }
  return out;
}

/**
 * Which standard applies to a person at a site (one rule for every page and report): a member
 * without a leader position there is measured against their own row of the month, else the site
 * default; a leader of the site is measured against none (standards are set for salespeople only,
 * and the default is a salesperson's), so no target is shown for them. staffId null asks for the
 * site default itself.
 */
export function pickTarget(standards: Map<string, Map<number | null, TargetTotals>>, month: string, staffId: number | null, leadsSite = false): TargetTotals {
  if (staffId !== null && leadsSite) return { ...ZERO_TARGETS };
  const rows = standards.get(month);
  return (staffId !== null ? rows?.get(staffId) : undefined) ?? rows?.get(null) ?? { ...ZERO_TARGETS };
}

/** Whether the person holds a leader position at the site. */
export async function leadsSite(db: Db | Tx, siteId: number, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.staffId, staffId), eq(positions.isLeader, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * A month's standard for a person under pickTarget's rule (their own, else the site default, else
 * 0s; 0s for a leader of the site), or the site default (staffId null).
 */
export async function targetFor(db: Db | Tx, q: { siteId: number; staffId: number | null; month: string }): Promise<TargetTotals> {
  if (q.staffId !== null && (await leadsSite(db, q.siteId, q.staffId))) return { ...ZERO_TARGETS };
  const rows = await db
    .select()
    .from(performanceStandards)
    .where(
      and(
        eq(performanceStandards.siteId, q.siteId),
        eq(performanceStandards.month, q.month),
        q.staffId === null ? isNull(performanceStandards.staffId) : sql`(${performanceStandards.staffId} = ${q.staffId} or ${performanceStandards.staffId} is null)`,
      ),
    );
  const own = q.staffId === null ? undefined : rows.find((row) => row.staffId === q.staffId);
  const chosen = own ?? rows.find((row) => row.staffId === null);
  return chosen
    ? { targetAmountFen: chosen.targetAmountFen, targetOrders: chosen.targetOrders, targetNewCustomers: chosen.targetNewCustomers }
    : { ...ZERO_TARGETS };
}

/**
 * The target over a range of days: each month's standard spread over its days (a week in a
 * 30-day month is 7/30 of it), amounts rounded to the fen and counts to whole numbers.
 */
export function spreadTarget(range: DayRange, targetOfMonth: (month: string) => TargetTotals): TargetTotals {
  let amount = 0;
  let orders = 0;
  let newCustomers = 0;
  for (const { month, days, daysInMonth } of monthsInRange(range)) {
    const share = days / daysInMonth;
    const target = targetOfMonth(month);
    amount += target.targetAmountFen * share;
    orders += target.targetOrders * share;
    newCustomers += target.targetNewCustomers * share;
  }
  return { targetAmountFen: Math.round(amount), targetOrders: Math.round(orders), targetNewCustomers: Math.round(newCustomers) };
}

/** The target of a site (staffId null) or a person over a range of days. */
export async function targetOverRange(db: Db | Tx, q: { siteId: number; staffId: number | null; range: DayRange }): Promise<TargetTotals> {
  const months = monthsInRange(q.range).map((entry) => entry.month);
  const [standards, leads] = await Promise.all([standardsOf(db, q.siteId, months), q.staffId === null ? false : leadsSite(db, q.siteId, q.staffId)]);
  return spreadTarget(q.range, (month) => pickTarget(standards, month, q.staffId, leads));
}

/** Rebuilds every summary from the raw orders, customers and follow-ups (one INSERT … SELECT). */
export async function recomputeSummaries(db: Db | Tx): Promise<void> {
  await db.execute(sql`select perf_recompute()`);
}
