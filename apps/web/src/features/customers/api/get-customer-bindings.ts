import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/customer/bindings: who the customer was bound to, and when. */
export const getCustomerBindings = (customerId: number, signal?: AbortSignal) =>
  call(ROUTES.customerBindings, { customerId }, { signal });

export const customerBindingsQueryOptions = (siteId: number | null, customerId: number) =>
  queryOptions({
    queryKey: customerKeys.bindings(siteId, customerId),
    queryFn: ({ signal }) => getCustomerBindings(customerId, signal),
    enabled: siteId !== null,
  });

export function useCustomerBindings(customerId: number, enabled = true) {
  const siteId = useCurrentSiteId();
  const options = customerBindingsQueryOptions(siteId, customerId);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
