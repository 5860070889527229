import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { Period } from '../../../lib/period';
import { periodFields } from '../performance-period';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

export interface PerformanceSearchQuery {
  keyword: string;
  period: Period;
}

/** POST /seller/fenghe/staff/performance/search: salespeople and customers matching a keyword, with the period's figures. */
export const searchPerformance = (siteId: number, query: PerformanceSearchQuery, signal?: AbortSignal) =>
  call(ROUTES.performanceSearch, { siteId, keyword: query.keyword, ...periodFields(query.period) }, { signal });

export const performanceSearchQueryOptions = (siteId: number | null, query: PerformanceSearchQuery) =>
  queryOptions({
    queryKey: performanceKeys.search(siteId, query),
    queryFn: siteId === null ? skipToken : ({ signal }) => searchPerformance(siteId, query, signal),
    enabled: query.keyword.length > 0,
    placeholderData: keepPreviousData,
  });

export function usePerformanceSearch(query: PerformanceSearchQuery) {
  return useQuery(performanceSearchQueryOptions(usePerformanceSiteId(), query));
}
