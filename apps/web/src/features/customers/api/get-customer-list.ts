import type { CustomerListBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { useCurrentSiteId } from '../../auth/session-store';
import type { CustomerQuery } from '../customer-filters';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/customer/list; the request layer adds the current siteId. */
export const getCustomerList = (body: Omit<CustomerListBody, 'siteId'>, signal?: AbortSignal) =>
  call(ROUTES.customerList, body, { signal });

export const customerListQueryOptions = (siteId: number | null, query: CustomerQuery) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list(siteId, query),
    queryFn: ({ pageParam, signal }) => getCustomerList({ ...query, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
  });

export function useCustomerList(query: CustomerQuery) {
  const siteId = useCurrentSiteId();
  return useInfiniteQuery(customerListQueryOptions(siteId, query));
}
