import type { ReportKind } from '@sales/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';
import { useCurrentSiteId } from '../../auth/session-store';

/** POST …/team: who has and has not written the period's report at the site. */
export const getTeamReport = (kind: ReportKind, siteId: number, periodStart: string | undefined, signal?: AbortSignal) =>
  call(REPORT_ROUTES[kind].team, { siteId, periodStart }, { signal });

export const teamReportQueryOptions = (kind: ReportKind, siteId: number | null, periodStart: string | undefined) =>
  queryOptions({
    queryKey: reportKeys.team(kind, siteId, periodStart),
    queryFn: siteId === null ? skipToken : ({ signal }) => getTeamReport(kind, siteId, periodStart, signal),
  });

export function useTeamReport(kind: ReportKind, periodStart?: string) {
  return useQuery(teamReportQueryOptions(kind, useCurrentSiteId(), periodStart));
}
