import type { ReportKind } from '@sales/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';
import { useCurrentSiteId } from '../../auth/session-store';

/** POST …/series: the last 12 periods of a person (the caller by default), oldest first. */
export const getReportSeries = (kind: ReportKind, siteId: number, staffId: number | undefined, signal?: AbortSignal) =>
  call(REPORT_ROUTES[kind].series, { siteId, staffId, weeks: 12 }, { signal });

export const reportSeriesQueryOptions = (kind: ReportKind, siteId: number | null, staffId: number | undefined) =>
  queryOptions({
    queryKey: reportKeys.series(kind, siteId, staffId),
    queryFn: siteId === null ? skipToken : ({ signal }) => getReportSeries(kind, siteId, staffId, signal),
  });

export function useReportSeries(kind: ReportKind, staffId?: number) {
  return useQuery(reportSeriesQueryOptions(kind, useCurrentSiteId(), staffId));
}
