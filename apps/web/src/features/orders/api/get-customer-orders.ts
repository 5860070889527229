import type { CustomerOrdersBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { useCurrentSiteId } from '../../auth/session-store';
import type { OrderStatusFilter } from '../order-status';
import { orderKeys } from './query-keys';

/** POST /seller/fenghe/staff/customer/orders: one customer's orders. */
export const getCustomerOrders = (body: Omit<CustomerOrdersBody, 'siteId'>, signal?: AbortSignal) =>
  call(ROUTES.customerOrders, body, { signal });

export const customerOrdersQueryOptions = (siteId: number | null, customerId: number, status: OrderStatusFilter, pageSize = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...orderKeys.ofCustomer(siteId, customerId, status), pageSize],
    queryFn: ({ pageParam, signal }) =>
      getCustomerOrders({ customerId, page: pageParam, pageSize, ...(status === 'all' ? {} : { status }) }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
  });

export function useCustomerOrders(customerId: number, status: OrderStatusFilter, pageSize?: number) {
  const siteId = useCurrentSiteId();
  return useInfiniteQuery(customerOrdersQueryOptions(siteId, customerId, status, pageSize));
}
