import type { OrderDetail } from '@sales/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { orderKeys } from './query-keys';

/** POST /seller/fenghe/staff/order/detail. */
export const getOrderDetail = (id: number, signal?: AbortSignal) =>
  request<OrderDetail>({ url: '/seller/fenghe/staff/order/detail', method: 'POST', data: { id }, signal, hideErrorToast: true });

export const orderDetailQueryOptions = (siteId: number | null, id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(siteId, id),
    queryFn: ({ signal }) => getOrderDetail(id, signal),
    enabled: siteId !== null,
  });

export function useOrderDetail(id: number) {
  const siteId = useSession((state) => state.currentSite?.departmentId ?? null);
  return useQuery(orderDetailQueryOptions(siteId, id));
}
