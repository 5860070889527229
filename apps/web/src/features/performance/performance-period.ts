import { MAX_PERFORMANCE_RANGE_DAYS, PERFORMANCE_PERIOD_KEYS, parsePeriod, writePeriod, type Period } from '../../lib/period';
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

/** The picker settings of performance pages. */
export const PERFORMANCE_PICKER = { keys: PERFORMANCE_PERIOD_KEYS, maxDays: MAX_PERFORMANCE_RANGE_DAYS } as const;
