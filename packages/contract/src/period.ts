/**
 * Performance periods (DESIGN §4: 本周, 本月, 上月, 本季度, 本年 and a custom range of up to one
 * year), their 环比 and 同比 ranges and the days a monthly standard is spread over. Both halves
 * compute them the same way: the web to label what it shows, the server to answer.
 * All days are China-time calendar days 'YYYY-MM-DD', both ends included.
 */
import {
  addDays,
  chinaCalendar,
  chinaDayString,
  chinaMidnight,
  parseChinaDay,
  startOfChinaMonth,
  startOfChinaQuarter,
  startOfChinaWeek,
  startOfChinaYear,
} from './china-time.js';

export const PERFORMANCE_PERIOD_KEYS = ['week', 'month', 'lastMonth', 'quarter', 'year', 'custom'] as const;
export type PerformancePeriodKey = (typeof PERFORMANCE_PERIOD_KEYS)[number];

export const PERFORMANCE_PERIOD_LABELS: Record<PerformancePeriodKey, string> = {
  week: '本周',
  month: '本月',
  lastMonth: '上月',
  quarter: '本季度',
  year: '本年',
  custom: '自定义',
};

/** A custom range may cover at most this many days (one year, a leap year included). */
export const CUSTOM_RANGE_DAYS_MAX = 366;

/** Days, both ends included. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

/** The period a performance call asks for: a key, and the days when the key is custom. */
export interface PerformancePeriodInput {
  period: PerformancePeriodKey;
  startDate?: string;
  endDate?: string;
}

/** A period resolved against today. */
export interface ResolvedPeriod {
  key: PerformancePeriodKey;
  /** The days whose figures are counted (to date for the running periods). */
  range: DayRange;
  /** 环比: the previous period, cut to the same elapsed length for the running periods. */
  previous: DayRange;
  /** 同比: the same days a year earlier (29 February becomes the 28th). */
  yearAgo: DayRange;
  /** The whole calendar period the standard is measured against (all of 本月, not just to date). */
  targetRange: DayRange;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (text: string): Date => {
  const day = parseChinaDay(text);
  if (!day) throw new Error(`not a day: ${text}`);
  return day;
};

/** Number of days from start to end, both included. */
export function daysInRange(range: DayRange): number {
  return Math.round((dayOf(range.endDate).getTime() - dayOf(range.startDate).getTime()) / DAY_MS) + 1;
}

/** The day `days` after a day (before when negative). */
export function shiftDay(day: string, days: number): string {
  return chinaDayString(addDays(dayOf(day), days));
}

/**
 * What a pure function of a range answered before, by the range's two days: a page asks for the
 * same few ranges (本月, 本季度…) for every member and every call, and each answer walks the calendar
 * day by day (issue 29: ~10 % of the server's time on 部门销售业绩 went to these walks). Bounded: a
 * full memo is dropped and filled again.
 */
function memoByRange<T>(compute: (range: DayRange) => T): (range: DayRange) => T {
  const known = new Map<string, T>();
  return (range) => {
    const key = `${range.startDate}|${range.endDate}`;
    let value = known.get(key);
    if (value === undefined) {
      value = compute(range);
      if (known.size >= RANGE_MEMO_MAX) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

const RANGE_MEMO_MAX = 512;

const daysOf = memoByRange((range): readonly string[] => {
  const out: string[] = [];
  for (let day = range.startDate; day <= range.endDate; day = shiftDay(day, 1)) out.push(day);
  return Object.freeze(out);
});

/** Every day of a range, in order (a new array: the caller may reorder it). */
export function eachDay(range: DayRange): string[] {
  return [...daysOf(range)];
}

/** The same calendar day a year earlier; 29 February becomes 28 February. */
export function yearEarlier(day: string): string {
  const { year, month, day: date } = chinaCalendar(dayOf(day));
  const lastOfMonth = chinaCalendar(addDays(chinaMidnight(year - 1, month + 1, 1), -1)).day;
  return chinaDayString(chinaMidnight(year - 1, month, Math.min(date, lastOfMonth)));
}

const lastDayOfMonth = (start: Date): Date => {
  const { year, month } = chinaCalendar(start);
  return addDays(chinaMidnight(year, month + 1, 1), -1);
};

/**
 * Checks a custom range: real days, start ≤ end, at most a year. Returns a Chinese message for
 * the user, or null when the range is fine.
 */
export function customRangeProblem(startDate: string | undefined, endDate: string | undefined): string | null {
  if (!startDate || !endDate) return '请选择开始日期和结束日期';
  if (!parseChinaDay(startDate)) return '开始日期不正确';
  if (!parseChinaDay(endDate)) return '结束日期不正确';
  if (startDate > endDate) return '开始日期不能晚于结束日期';
  if (daysInRange({ startDate, endDate }) > CUSTOM_RANGE_DAYS_MAX) return '自定义时间范围不能超过一年';
  return null;
}

/**
 * The ranges of a period as of `now`. Running periods (本周, 本月, 本季度, 本年) count to today
 * and compare with the same elapsed days of the period before; 上月 compares with the whole month
 * before it; a custom range compares with the same number of days just before it. Throws when a
 * custom range is invalid: check it with customRangeProblem first.
 */
export function resolvePeriod(input: PerformancePeriodInput, now: Date = new Date()): ResolvedPeriod {
  const today = chinaDayString(now);
  const running = (start: Date, previousStart: Date, end: Date): ResolvedPeriod => {
    const range = { startDate: chinaDayString(start), endDate: today };
    const elapsed = daysInRange(range);
    // The period before may be shorter (a 30-day month after a 31-day one): stop at its last day.
    const previousEnd = Math.min(addDays(previousStart, elapsed - 1).getTime(), addDays(start, -1).getTime());
    const previous = { startDate: chinaDayString(previousStart), endDate: chinaDayString(new Date(previousEnd)) };
    return {
      key: input.period,
      range,
      previous,
      yearAgo: { startDate: yearEarlier(range.startDate), endDate: yearEarlier(range.endDate) },
      targetRange: { startDate: range.startDate, endDate: chinaDayString(end) },
    };
  };
  switch (input.period) {
    case 'week': {
      const start = startOfChinaWeek(now);
      return running(start, addDays(start, -7), addDays(start, 6));
    }
    case 'month': {
      const start = startOfChinaMonth(now);
      return running(start, startOfChinaMonth(addDays(start, -1)), lastDayOfMonth(start));
    }
    case 'quarter': {
      const start = startOfChinaQuarter(now);
      const { year, month } = chinaCalendar(start);
      return running(start, chinaMidnight(year, month - 3), addDays(chinaMidnight(year, month + 3), -1));
    }
    case 'year': {
      const start = startOfChinaYear(now);
      const { year } = chinaCalendar(start);
      return running(start, chinaMidnight(year - 1, 1), addDays(chinaMidnight(year + 1, 1), -1));
    }
    case 'lastMonth': {
      const start = startOfChinaMonth(addDays(startOfChinaMonth(now), -1));
      const range = { startDate: chinaDayString(start), endDate: chinaDayString(lastDayOfMonth(start)) };
      const previousStart = startOfChinaMonth(addDays(start, -1));
      return {
        key: 'lastMonth',
        range,
        previous: { startDate: chinaDayString(previousStart), endDate: chinaDayString(lastDayOfMonth(previousStart)) },
        yearAgo: { startDate: yearEarlier(range.startDate), endDate: yearEarlier(range.endDate) },
        targetRange: range,
      };
    }
    case 'custom': {
      const problem = customRangeProblem(input.startDate, input.endDate);
      if (problem || !input.startDate || !input.endDate) throw new Error(problem ?? 'custom range missing');
      const range = { startDate: input.startDate, endDate: input.endDate };
      const length = daysInRange(range);
      return {
        key: 'custom',
        range,
        previous: { startDate: shiftDay(range.startDate, -length), endDate: shiftDay(range.startDate, -1) },
        yearAgo: { startDate: yearEarlier(range.startDate), endDate: yearEarlier(range.endDate) },
        targetRange: range,
      };
    }
  }
}

/** 'YYYY-MM' of a day. */
export const monthOfDay = (day: string): string => day.slice(0, 7);

/** A month a range touches: how many of its days the range covers, and its length. */
export interface MonthInRange {
  readonly month: string;
  readonly days: number;
  readonly daysInMonth: number;
}

/** The months a range touches, each with how many of its days the range covers and its length (shared: read only). */
export const monthsInRange = memoByRange((range): readonly MonthInRange[] => {
  const out: MonthInRange[] = [];
  let cursor = range.startDate;
  while (cursor <= range.endDate) {
    const start = dayOf(cursor);
    const last = chinaDayString(lastDayOfMonth(start));
    const end = last < range.endDate ? last : range.endDate;
    out.push({
      month: monthOfDay(cursor),
      days: daysInRange({ startDate: cursor, endDate: end }),
      daysInMonth: chinaCalendar(lastDayOfMonth(start)).day,
    });
    cursor = shiftDay(last, 1);
  }
  return Object.freeze(out.map((entry) => Object.freeze(entry)));
});

/**
 * The change from `previous` to `current` as a ratio (0.125 = ↑12.5%); null when there is nothing
 * to compare with (no previous figures, or zero before).
 */
export function changeRatio(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / previous;
}

/** Completion of a target as a ratio (1 = 100%); null when there is no target. */
export function completionRatio(actual: number, target: number): number | null {
  return target > 0 ? actual / target : null;
}
