import type { ReportKind, ReportListBody } from '@sales/contract';
import { infiniteQueryOptions, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';
import { useCurrentSiteId } from '../../auth/session-store';

export type ReportListQuery = Omit<ReportListBody, 'siteId' | 'page' | 'pageSize'>;

/** POST …/list: my reports, or (scope members) the site's for leaders. */
export const getReportList = (kind: ReportKind, body: ReportListBody, signal?: AbortSignal) =>
  call(REPORT_ROUTES[kind].list, body, { signal });

export const reportListQueryOptions = (kind: ReportKind, siteId: number | null, query: ReportListQuery) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(kind, siteId, query),
    queryFn: siteId === null ? skipToken : ({ pageParam, signal }) => getReportList(kind, { ...query, siteId, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useReportList(kind: ReportKind, query: ReportListQuery) {
  return useInfiniteQuery(reportListQueryOptions(kind, useCurrentSiteId(), query));
}
