import type { ReportKind, ReportListBody, ReportPage } from '@sales/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { REPORT_API } from '../report-api';
import { reportKeys } from './query-keys';
import { useSiteId } from './use-site-id';

export type ReportListQuery = Omit<ReportListBody, 'siteId' | 'page' | 'pageSize'>;

/** POST …/list: my reports, or (scope members) the site's for leaders. */
export const getReportList = (kind: ReportKind, body: ReportListBody, signal?: AbortSignal) =>
  request<ReportPage>({ url: `${REPORT_API[kind]}/list`, method: 'POST', data: body, signal });

export const reportListQueryOptions = (kind: ReportKind, siteId: number | null, query: ReportListQuery) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(kind, siteId, query),
    queryFn: ({ pageParam, signal }) => getReportList(kind, { ...query, siteId: siteId ?? 0, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
  });

export function useReportList(kind: ReportKind, query: ReportListQuery) {
  return useInfiniteQuery(reportListQueryOptions(kind, useSiteId(), query));
}
