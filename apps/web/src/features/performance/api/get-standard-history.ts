import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/standard/history: who changed a month's standards, when, from what to what. */
export const getStandardHistory = (siteId: number, month: string, page: number, signal?: AbortSignal) =>
  call(ROUTES.standardHistory, { siteId, month, page, pageSize: PAGE_SIZE }, { signal });

export const standardHistoryQueryOptions = (siteId: number | null, month: string) =>
  infiniteQueryOptions({
    queryKey: performanceKeys.standardHistory(siteId, month),
    queryFn: siteId === null ? skipToken : ({ pageParam, signal }) => getStandardHistory(siteId, month, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useStandardHistory(month: string, enabled: boolean) {
  const options = standardHistoryQueryOptions(usePerformanceSiteId(), month);
  return useInfiniteQuery({ ...options, enabled });
}
