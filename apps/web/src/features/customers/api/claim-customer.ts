import type { ClaimBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useInvalidateCustomers } from './use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/claim: a salesperson takes an unbound customer of their site by its QR code. */
export const claimCustomer = (body: Omit<ClaimBody, 'siteId'>) => request<unknown>({ url: '/seller/fenghe/staff/customer/claim', method: 'POST', data: body });

export function useClaimCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: claimCustomer, onSuccess: invalidate });
}
