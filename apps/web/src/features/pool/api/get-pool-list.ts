import type { PoolListBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { useCurrentSiteId } from '../../auth/session-store';
import { poolKeys } from './query-keys';

export type PoolQuery = Omit<PoolListBody, 'siteId' | 'page' | 'pageSize'>;

/** POST /seller/fenghe/staff/pool/list; the request layer adds the current siteId. */
export const getPoolList = (body: Omit<PoolListBody, 'siteId'>, signal?: AbortSignal) => call(ROUTES.poolList, body, { signal });

export const poolListQueryOptions = (siteId: number | null, query: PoolQuery) =>
  infiniteQueryOptions({
    queryKey: poolKeys.list(siteId, query),
    queryFn: ({ pageParam, signal }) => getPoolList({ ...query, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
  });

export function usePoolList(query: PoolQuery) {
  const siteId = useCurrentSiteId();
  return useInfiniteQuery(poolListQueryOptions(siteId, query));
}
