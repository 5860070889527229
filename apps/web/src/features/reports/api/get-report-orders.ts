import type { ReportKind } from '@sales/contract';
import { infiniteQueryOptions, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';
import { useCurrentSiteId } from '../../auth/session-store';

/** POST …/orders: the sales and refunds a report's order figures counted, adding up to them. */
export const getReportOrders = (kind: ReportKind, body: { siteId: number; id: number; page: number; pageSize: number }, signal?: AbortSignal) =>
  call(REPORT_ROUTES[kind].orders, body, { signal });

export const reportOrdersQueryOptions = (kind: ReportKind, siteId: number | null, id: number) =>
  infiniteQueryOptions({
    queryKey: reportKeys.orders(kind, siteId, id),
    queryFn: siteId === null ? skipToken : ({ pageParam, signal }) => getReportOrders(kind, { siteId, id, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: id > 0,
  });

export function useReportOrders(kind: ReportKind, id: number) {
  return useInfiniteQuery(reportOrdersQueryOptions(kind, useCurrentSiteId(), id));
}
