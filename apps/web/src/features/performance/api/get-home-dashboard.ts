import type { HomeDashboard } from '@sales/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { takeEarlyRequest } from '../../../lib/early-request';
import { useCurrentSiteId } from '../../auth/session-store';
import { earlyHomeDashboardKey, getHomeDashboard } from './home-dashboard-request';
import { performanceKeys } from './query-keys';

export const homeDashboardQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: performanceKeys.home(siteId),
    // A first load of home started this call with the app (app/first-page-data.ts): take its answer.
    queryFn: siteId === null ? skipToken : ({ signal }) => takeEarlyRequest<HomeDashboard>(earlyHomeDashboardKey(siteId)) ?? getHomeDashboard(siteId, signal),
  });

export function useHomeDashboard() {
  const siteId = useCurrentSiteId();
  return useQuery(homeDashboardQueryOptions(siteId));
}
