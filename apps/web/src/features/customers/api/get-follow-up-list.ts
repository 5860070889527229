import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { useCurrentSiteId } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/followup/list: a customer's follow-ups, newest first. */
export const getFollowUpList = (body: { customerId: number; page: number; pageSize: number }, signal?: AbortSignal) =>
  call(ROUTES.followUpList, body, { signal });

export const followUpListQueryOptions = (siteId: number | null, customerId: number) =>
  infiniteQueryOptions({
    queryKey: customerKeys.followUps(siteId, customerId),
    queryFn: ({ pageParam, signal }) => getFollowUpList({ customerId, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
  });

export function useFollowUpList(customerId: number) {
  const siteId = useCurrentSiteId();
  return useInfiniteQuery(followUpListQueryOptions(siteId, customerId));
}
