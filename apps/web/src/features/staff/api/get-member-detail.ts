import type { PerformancePeriodInput } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** POST /seller/fenghe/staff/member/detail: a member's contact, figures for a period, recent orders and recent reports. */
export const getMemberDetail = (siteId: number, id: number, period: PerformancePeriodInput, signal?: AbortSignal) =>
  call(ROUTES.memberDetail, { siteId, id, ...period }, { signal, hideErrorToast: true });

export const memberDetailQueryOptions = (siteId: number | null, id: number, period: PerformancePeriodInput) =>
  queryOptions({
    queryKey: staffKeys.member(siteId, id, period),
    queryFn: siteId === null ? skipToken : ({ signal }) => getMemberDetail(siteId, id, period, signal),
    placeholderData: keepPreviousData,
  });

export function useMemberDetail(siteId: number | null, id: number, period: PerformancePeriodInput) {
  return useQuery(memberDetailQueryOptions(siteId, id, period));
}
