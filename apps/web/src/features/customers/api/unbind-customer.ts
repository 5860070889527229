import type { UnbindBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useInvalidateCustomers } from './use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/unbind: the customer no longer has an owner (leaders). */
export const unbindCustomer = (body: Omit<UnbindBody, 'siteId'>) => request<unknown>({ url: '/seller/fenghe/staff/customer/unbind', method: 'POST', data: body });

export function useUnbindCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: unbindCustomer, onSuccess: invalidate });
}
