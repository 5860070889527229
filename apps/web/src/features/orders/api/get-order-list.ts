import type { OrderListBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { useCurrentSiteId } from '../../auth/session-store';
import type { OrderQuery } from '../order-filters';
import { orderKeys } from './query-keys';

/** POST /seller/fenghe/staff/order/list; the request layer adds the current siteId. */
export const getOrderList = (body: Omit<OrderListBody, 'siteId'>, signal?: AbortSignal) =>
  call(ROUTES.orderList, body, { signal });

export const orderListQueryOptions = (siteId: number | null, query: OrderQuery, pageSize = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...orderKeys.list(siteId, query), pageSize],
    queryFn: ({ pageParam, signal }) => getOrderList({ ...query, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
  });

export function useOrderList(query: OrderQuery, pageSize?: number) {
  const siteId = useCurrentSiteId();
  return useInfiniteQuery(orderListQueryOptions(siteId, query, pageSize));
}
