import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/**
 * POST /seller/fenghe/staff/customer/qr/resolve: which customer a scanned code belongs to and
 * what the caller may do with it. Failures are not toasted: the scan page shows them in place.
 */
export const resolveCustomerQr = (code: string, signal?: AbortSignal) =>
  call(ROUTES.customerQrResolve, { code }, { hideErrorToast: true, signal });

/** For the scanner: one resolution per recognised code. */
export const useResolveCustomerQr = () => useMutation({ mutationFn: (code: string) => resolveCustomerQr(code) });

export const customerQrQueryOptions = (siteId: number | null, code: string) =>
  queryOptions({
    queryKey: customerKeys.qr(siteId, code),
    queryFn: ({ signal }) => resolveCustomerQr(code, signal),
    enabled: siteId !== null,
  });

/** For the claim page: the customer behind a code, kept fresh after a claim. */
export function useCustomerQrResolution(code: string) {
  const siteId = useCurrentSiteId();
  return useQuery(customerQrQueryOptions(siteId, code));
}
