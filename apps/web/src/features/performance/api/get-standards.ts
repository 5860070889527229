import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/standard/get: a month's site default and member standards. */
export const getStandards = (siteId: number, month: string, signal?: AbortSignal) =>
  call(ROUTES.standardList, { siteId, month }, { signal, hideErrorToast: true });

export const standardsQueryOptions = (siteId: number | null, month: string) =>
  queryOptions({
    queryKey: performanceKeys.standards(siteId, month),
    queryFn: siteId === null ? skipToken : ({ signal }) => getStandards(siteId, month, signal),
    placeholderData: keepPreviousData,
  });

export function useStandards(month: string) {
  return useQuery(standardsQueryOptions(usePerformanceSiteId(), month));
}
