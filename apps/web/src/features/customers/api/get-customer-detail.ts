import type { CustomerDetail } from '@sales/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/customer/detail. */
export const getCustomerDetail = (id: number, signal?: AbortSignal) =>
  request<CustomerDetail>({ url: '/seller/fenghe/staff/customer/detail', method: 'POST', data: { id }, signal, hideErrorToast: true });

export const customerDetailQueryOptions = (siteId: number | null, id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(siteId, id),
    queryFn: ({ signal }) => getCustomerDetail(id, signal),
    enabled: siteId !== null,
  });

export function useCustomerDetail(id: number) {
  const siteId = useSession((state) => state.currentSite?.departmentId ?? null);
  return useQuery(customerDetailQueryOptions(siteId, id));
}
