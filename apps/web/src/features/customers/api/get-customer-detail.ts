import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/customer/detail. */
export const getCustomerDetail = (id: number, signal?: AbortSignal) =>
  call(ROUTES.customerDetail, { id }, { signal, hideErrorToast: true });

export const customerDetailQueryOptions = (siteId: number | null, id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(siteId, id),
    queryFn: ({ signal }) => getCustomerDetail(id, signal),
    enabled: siteId !== null,
  });

export function useCustomerDetail(id: number) {
  const siteId = useCurrentSiteId();
  return useQuery(customerDetailQueryOptions(siteId, id));
}
