import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { orderKeys } from './query-keys';

/** POST /seller/fenghe/staff/order/detail. */
export const getOrderDetail = (id: number, signal?: AbortSignal) =>
  call(ROUTES.orderDetail, { id }, { signal, hideErrorToast: true });

export const orderDetailQueryOptions = (siteId: number | null, id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(siteId, id),
    queryFn: ({ signal }) => getOrderDetail(id, signal),
    enabled: siteId !== null,
  });

export function useOrderDetail(id: number) {
  const siteId = useCurrentSiteId();
  return useQuery(orderDetailQueryOptions(siteId, id));
}
