import { PERFORMANCE_PATHS, type Standards } from '@sales/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/standard/get: a month's site default and member standards. */
export const getStandards = (siteId: number, month: string, signal?: AbortSignal) =>
  request<Standards>({ url: PERFORMANCE_PATHS.standards, method: 'POST', data: { siteId, month }, signal, hideErrorToast: true });

export const standardsQueryOptions = (siteId: number | null, month: string) =>
  queryOptions({
    queryKey: performanceKeys.standards(siteId, month),
    queryFn: ({ signal }) => getStandards(siteId ?? 0, month, signal),
    enabled: siteId !== null,
    placeholderData: keepPreviousData,
  });

export function useStandards(month: string) {
  return useQuery(standardsQueryOptions(usePerformanceSiteId(), month));
}
