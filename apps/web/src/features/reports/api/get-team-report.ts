import type { ReportKind, TeamReport } from '@sales/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { REPORT_API } from '../report-api';
import { reportKeys } from './query-keys';
import { useSiteId } from './use-site-id';

/** POST …/team: who has and has not written the period's report at the site. */
export const getTeamReport = (kind: ReportKind, siteId: number, periodStart: string | undefined, signal?: AbortSignal) =>
  request<TeamReport>({ url: `${REPORT_API[kind]}/team`, method: 'POST', data: { siteId, periodStart }, signal });

export const teamReportQueryOptions = (kind: ReportKind, siteId: number | null, periodStart: string | undefined) =>
  queryOptions({
    queryKey: reportKeys.team(kind, siteId, periodStart),
    queryFn: ({ signal }) => getTeamReport(kind, siteId ?? 0, periodStart, signal),
    enabled: siteId !== null,
  });

export function useTeamReport(kind: ReportKind, periodStart?: string) {
  return useQuery(teamReportQueryOptions(kind, useSiteId(), periodStart));
}
