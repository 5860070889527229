import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/home: the home dashboard of the current site in one call. */
export const getHomeDashboard = (siteId: number, signal?: AbortSignal) =>
  call(ROUTES.performanceHome, { siteId }, { signal, hideErrorToast: true });

export const homeDashboardQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: performanceKeys.home(siteId),
    // A cold start of home has sent this call from index.html already: the request layer takes that answer (app/early-calls.ts).
    queryFn: siteId === null ? skipToken : ({ signal }) => getHomeDashboard(siteId, signal),
  });

export function useHomeDashboard() {
  const siteId = useCurrentSiteId();
  return useQuery(homeDashboardQueryOptions(siteId));
}
