import {
  addDays,
  chinaDayString,
  startOfChinaMonth,
  startOfChinaQuarter,
  startOfChinaWeek,
  startOfChinaYear,
  type DayRange,
} from '@sales/contract';

/** The period shortcuts of SCREENS.md ("one period picker used everywhere"), plus 全部. */
export const PERIOD_KEYS = ['all', 'today', 'week', 'month', 'lastMonth', 'quarter', 'year', 'custom'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export const PERIOD_LABELS: Record<PeriodKey, string> = {
  all: '全部时间',
  today: '今天',
  week: '本周',
  month: '本月',
  lastMonth: '上月',
  quarter: '本季度',
  year: '本年',
  custom: '自定义',
};

export type { DayRange };

export type Period = { key: Exclude<PeriodKey, 'custom'> } | { key: 'custom'; range: DayRange };

/** The days a period covers as of `now`; null for 全部时间. Weeks start on Monday. */
export function periodRange(period: Period, now: Date = new Date()): DayRange | null {
  if (period.key === 'custom') return period.range;
  const today = chinaDayString(now);
  const since = (start: Date): DayRange => ({ startDate: chinaDayString(start), endDate: today });
  switch (period.key) {
    case 'all':
      return null;
    case 'today':
      return { startDate: today, endDate: today };
    case 'week':
      return since(startOfChinaWeek(now));
    case 'month':
      return since(startOfChinaMonth(now));
    case 'lastMonth': {
      const lastDay = addDays(startOfChinaMonth(now), -1);
      return { startDate: chinaDayString(startOfChinaMonth(lastDay)), endDate: chinaDayString(lastDay) };
    }
    case 'quarter':
      return since(startOfChinaQuarter(now));
    case 'year':
      return since(startOfChinaYear(now));
  }
}

/** The chip text of a period: its name, or the custom range as 'MM-DD ~ MM-DD'. */
export function periodLabel(period: Period): string {
  if (period.key !== 'custom') return PERIOD_LABELS[period.key];
  const { startDate, endDate } = period.range;
  const short = (value: string) => (startDate.slice(0, 4) === endDate.slice(0, 4) ? value.slice(5) : value);
  return startDate === endDate ? startDate : `${short(startDate)} ~ ${short(endDate)}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A period from query-string values (`period`, and `start`/`end` for 自定义), among `keys`;
 * `fallback` (全部时间 unless told) when unreadable or not offered.
 */
export function parsePeriod(
  key: string | null,
  start: string | null,
  end: string | null,
  { keys = PERIOD_KEYS, fallback = { key: 'all' } }: { keys?: readonly PeriodKey[]; fallback?: Period } = {},
): Period {
  if (key === 'custom' && keys.includes('custom')) {
    if (start && end && DAY.test(start) && DAY.test(end)) {
      return start <= end ? { key, range: { startDate: start, endDate: end } } : { key, range: { startDate: end, endDate: start } };
    }
    return fallback;
  }
  const known = keys.find((candidate) => candidate === key);
  return known && known !== 'custom' ? { key: known } : fallback;
}

/** Writes a period into query-string parameters (the inverse of parsePeriod). */
export function writePeriod(period: Period, params: URLSearchParams): void {
  params.delete('period');
  params.delete('start');
  params.delete('end');
  if (period.key === 'all') return;
  params.set('period', period.key);
  if (period.key === 'custom') {
    params.set('start', period.range.startDate);
    params.set('end', period.range.endDate);
  }
}
