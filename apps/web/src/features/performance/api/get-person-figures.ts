import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { Period } from '../../../lib/period';
import { periodFields } from '../performance-period';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/person: the caller's figures, or a member's (leaders). */
export const getPersonFigures = (siteId: number, staffId: number | null, period: Period, signal?: AbortSignal) =>
  call(ROUTES.performancePerson, { siteId, ...(staffId ? { staffId } : {}), ...periodFields(period) }, { signal, hideErrorToast: true });

export const personFiguresQueryOptions = (siteId: number | null, staffId: number | null, period: Period) =>
  queryOptions({
    queryKey: performanceKeys.person(siteId, staffId, period),
    queryFn: siteId === null ? skipToken : ({ signal }) => getPersonFigures(siteId, staffId, period, signal),
    // Another period keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function usePersonFigures(staffId: number | null, period: Period) {
  return useQuery(personFiguresQueryOptions(usePerformanceSiteId(), staffId, period));
}
