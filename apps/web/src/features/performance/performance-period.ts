import { customRangeProblem, PERFORMANCE_PERIOD_KEYS, type DayRange, type PerformancePeriodInput } from '@sales/contract';
import { parsePeriod, writePeriod, type Period } from '../../lib/period';
import { useSearchState } from '../../lib/use-search-state';

const DEFAULT_PERIOD: Period = { key: 'month' };

/** A performance page's period from its query string (`period`, `start`, `end`); 本月 by default. */
export function parsePerformancePeriod(params: URLSearchParams): Period {
  return parsePeriod(params.get('period'), params.get('start'), params.get('end'), { keys: PERFORMANCE_PERIOD_KEYS, fallback: DEFAULT_PERIOD });
}

/** Writes the period into the query string; 本月, the default, leaves it clean. */
export function writePerformancePeriod(period: Period, params: URLSearchParams): void {
  writePeriod(period.key === 'month' ? { key: 'all' } : period, params);
}

/** The period of a performance page, kept in its query string so back and shared links keep it. */
export function usePerformancePeriod() {
  return useSearchState(parsePerformancePeriod, writePerformancePeriod);
}

/** The picker settings of performance pages: their shortcuts, and the contract's custom range rule (≤ 1 year). */
export const PERFORMANCE_PICKER = {
  keys: PERFORMANCE_PERIOD_KEYS,
  rangeProblem: (range: DayRange) => customRangeProblem(range.startDate, range.endDate),
} as const;

/** The period fields of a performance call's body. */
export function periodFields(period: Period): PerformancePeriodInput {
  if (period.key === 'custom') return { period: 'custom', startDate: period.range.startDate, endDate: period.range.endDate };
  // Performance pages never hold 全部时间 or 今天 (parsePerformancePeriod); 本月 stands in for them.
  return { period: period.key === 'all' || period.key === 'today' ? 'month' : period.key };
}

/** What a performance page passes on to the next one: the period and the picked site. */
export function carriedPerformanceQuery(params: URLSearchParams): Record<string, string | undefined> {
  const pick = (key: string) => params.get(key) ?? undefined;
  return { period: pick('period'), start: pick('start'), end: pick('end'), site: pick('site') };
}
