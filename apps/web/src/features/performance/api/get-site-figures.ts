import type { MemberSort } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { Period } from '../../../lib/period';
import { periodFields } from '../performance-period';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

export interface SiteFiguresQuery {
  period: Period;
  sort: MemberSort;
  order: 'asc' | 'desc';
}

/** POST /seller/fenghe/staff/performance/site: the site's totals, trend and members (leaders, reportAllSites). */
export const getSiteFigures = (siteId: number, query: SiteFiguresQuery, signal?: AbortSignal) =>
  call(ROUTES.performanceSite, { siteId, ...periodFields(query.period), sort: query.sort, order: query.order }, { signal, hideErrorToast: true });

export const siteFiguresQueryOptions = (siteId: number | null, query: SiteFiguresQuery) =>
  queryOptions({
    queryKey: performanceKeys.site(siteId, query),
    queryFn: siteId === null ? skipToken : ({ signal }) => getSiteFigures(siteId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useSiteFigures(query: SiteFiguresQuery) {
  return useQuery(siteFiguresQueryOptions(usePerformanceSiteId(), query));
}
