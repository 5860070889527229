import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/sites: the sites whose performance the caller may read. */
export const getPerformanceSites = (signal?: AbortSignal) =>
  call(ROUTES.performanceSites, {}, { signal, hideErrorToast: true });

export const performanceSitesQueryOptions = () =>
  queryOptions({
    queryKey: performanceKeys.sites(),
    queryFn: ({ signal }) => getPerformanceSites(signal),
    staleTime: 5 * 60_000,
  });

/** Only reportAllSites users pick a site on performance pages; nobody else asks. */
export function usePerformanceSites(enabled: boolean) {
  return useQuery({ ...performanceSitesQueryOptions(), enabled });
}
