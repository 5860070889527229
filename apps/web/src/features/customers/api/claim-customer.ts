import type { ClaimBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCustomers } from './use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/claim: a salesperson takes an unbound customer of their site by its QR code. */
export const claimCustomer = (body: Omit<ClaimBody, 'siteId'>) => call(ROUTES.customerClaim, body);

export function useClaimCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: claimCustomer, onSuccess: invalidate });
}
