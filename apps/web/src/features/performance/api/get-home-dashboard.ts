import { PERFORMANCE_PATHS, type HomeDashboard } from '@sales/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/home: the home dashboard of the current site in one call. */
export const getHomeDashboard = (siteId: number, signal?: AbortSignal) =>
  request<HomeDashboard>({ url: PERFORMANCE_PATHS.home, method: 'POST', data: { siteId }, signal, hideErrorToast: true });

export const homeDashboardQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: performanceKeys.home(siteId),
    queryFn: ({ signal }) => getHomeDashboard(siteId ?? 0, signal),
    enabled: siteId !== null,
  });

export function useHomeDashboard() {
  const siteId = useSession((state) => state.currentSite?.departmentId ?? null);
  return useQuery(homeDashboardQueryOptions(siteId));
}
