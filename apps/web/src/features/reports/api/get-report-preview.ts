import type { ReportKind } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportKeys } from './query-keys';
import { useCurrentSiteId } from '../../auth/session-store';

/**
 * POST …/before/create: the period's metrics so far and whether it is reported. The weekly call is
 * SPEC §7's /seller/weekly/staff/before/create, whose siteId the request layer adds.
 */
export const getReportPreview = (kind: ReportKind, siteId: number, periodStart: string | undefined, signal?: AbortSignal) =>
  kind === 'weekly'
    ? call(ROUTES.weeklyReport.preview, { periodStart }, { signal })
    : call(ROUTES.halfMonthReport.preview, { siteId, periodStart }, { signal });

export const reportPreviewQueryOptions = (kind: ReportKind, siteId: number | null, periodStart?: string) =>
  queryOptions({
    queryKey: reportKeys.preview(kind, siteId, periodStart),
    queryFn: siteId === null ? skipToken : ({ signal }) => getReportPreview(kind, siteId, periodStart, signal),
  });

export function useReportPreview(kind: ReportKind, periodStart?: string) {
  return useQuery(reportPreviewQueryOptions(kind, useCurrentSiteId(), periodStart));
}
