/**
 * Report periods (DESIGN §4): weeks run Monday–Sunday and half months the 1st–15th and the
 * 16th–last day, all in China time. Periods are named by their first day, YYYY-MM-DD, which is
 * also how the server stores them; both halves compute them with these helpers.
 */
import { addDays, chinaCalendar, chinaDayString, chinaMidnight, parseChinaDay, startOfChinaDay, startOfChinaWeek, utcDay } from './china-time.js';

export const REPORT_KINDS = ['weekly', 'halfMonth'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = { weekly: '周报', halfMonth: '半月报' };

/** The text limit of 本周总结, 下周计划 and 问题与支持 (SPEC §9's input default). */
export const REPORT_TEXT_MAX = 140;
/** Images a report may carry (SPEC §9's image pick count). */
export const REPORT_IMAGES_MAX = 9;

export interface ReportPeriod {
  kind: ReportKind;
  /** First and last day, both included. */
  start: string;
  end: string;
}

/** Days in a month of a year (month 1–12). */
export const daysInMonth = (year: number, month: number) => utcDay(year, month + 1, 0).getUTCDate();

/** The period of a kind that holds an instant. */
export function periodAt(kind: ReportKind, at: Date): ReportPeriod {
  if (kind === 'weekly') {
    const monday = startOfChinaWeek(at);
    return { kind, start: chinaDayString(monday), end: chinaDayString(addDays(monday, 6)) };
  }
  const { year, month, day } = chinaCalendar(at);
  const first = day <= 15 ? 1 : 16;
  const last = day <= 15 ? 15 : daysInMonth(year, month);
  return { kind, start: chinaDayString(chinaMidnight(year, month, first)), end: chinaDayString(chinaMidnight(year, month, last)) };
}

/** The period starting on a day, or null when the day does not start one (not a Monday, not the 1st or 16th). */
export function periodStartingOn(kind: ReportKind, day: string): ReportPeriod | null {
  const start = parseChinaDay(day);
  if (!start) return null;
  const period = periodAt(kind, start);
  return period.start === day ? period : null;
}

/** The period just before (steps < 0) or after a period, some steps away. */
export function shiftPeriod(period: ReportPeriod, steps: number): ReportPeriod {
  const start = parseChinaDay(period.start);
  if (!start) throw new Error(`bad period start ${period.start}`);
  if (period.kind === 'weekly') return periodAt('weekly', addDays(start, steps * 7));
  const { year, month, day } = chinaCalendar(start);
  const index = (year * 12 + (month - 1)) * 2 + (day === 1 ? 0 : 1) + steps;
  const targetYear = Math.floor(index / 24);
  const targetMonth = Math.floor((index % 24) / 2) + 1;
  return periodAt('halfMonth', chinaMidnight(targetYear, targetMonth, index % 2 === 0 ? 1 : 16));
}

/** The whole days of a period that fall in each calendar month, for a target spread by days. */
export function periodMonths(period: ReportPeriod): { month: string; days: number; daysInMonth: number }[] {
  const start = parseChinaDay(period.start);
  const end = parseChinaDay(period.end);
  if (!start || !end) throw new Error(`bad period ${period.start}–${period.end}`);
  const months = new Map<string, { month: string; days: number; daysInMonth: number }>();
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const { year, month } = chinaCalendar(day);
    const key = `${year}-${String(month).padStart(2, '0')}`;
    const entry = months.get(key) ?? { month: key, days: 0, daysInMonth: daysInMonth(year, month) };
    entry.days += 1;
    months.set(key, entry);
  }
  return [...months.values()];
}

/** 11月17日–11月23日 (a week) or 2025年11月上半月 / 下半月 (a half month). */
export function periodLabel(period: Pick<ReportPeriod, 'kind' | 'start' | 'end'>): string {
  const [sy, sm, sd] = period.start.split('-').map(Number);
  const [, em, ed] = period.end.split('-').map(Number);
  if (period.kind === 'halfMonth') return `${sy}年${sm}月${sd === 1 ? '上半月' : '下半月'}`;
  return `${sm}月${sd}日–${em}月${ed}日`;
}

/** Whether a period has begun by an instant (reports are written for begun periods only). */
export const periodHasBegun = (period: ReportPeriod, now: Date) => {
  const start = parseChinaDay(period.start);
  return start !== null && start <= startOfChinaDay(now);
};
