import type { PerformancePeriodKey, RankingMetric } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { endpointData, type Session } from './api';
import { SITE_101 } from './sales-api';

/**
 * The performance, standard and attendance calls of issue 7, called straight from a test with a
 * user's token, to check what the pages show against what the server says. Paths, bodies and
 * answers are the contract's endpoint table's.
 */

/** A period the server resolves itself (a custom one takes its days). */
type PerformancePeriod = Exclude<PerformancePeriodKey, 'custom'>;

export const homeDashboard = (session: Session, siteId = SITE_101) => endpointData(session, ROUTES.performanceHome, { siteId });

export const ranking = (session: Session, metric: RankingMetric, period: PerformancePeriod, siteId = SITE_101) =>
  endpointData(session, ROUTES.performanceRanking, { siteId, metric, period });

export const siteFigures = (session: Session, period: PerformancePeriod, siteId = SITE_101) => endpointData(session, ROUTES.performanceSite, { siteId, period });

export const standards = (session: Session, month: string, siteId = SITE_101) => endpointData(session, ROUTES.standardList, { siteId, month });

export const attendanceDay = (session: Session, date: string, siteId = SITE_101) => endpointData(session, ROUTES.attendanceDay, { siteId, date });

/** The completion text the pages show: '87.5%' (one decimal at most), '—' without a target. */
export function formatCompletion(rate: number | null): string {
  if (rate === null) return '—';
  const rounded = Math.round(rate * 1000) / 10;
  return `${Object.is(rounded, -0) ? 0 : rounded}%`;
}

/** 'HH:mm' of an instant in China time (UTC+8). */
export function chinaClock(iso: string): string {
  const date = new Date(new Date(iso).getTime() + 8 * 3_600_000);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}
