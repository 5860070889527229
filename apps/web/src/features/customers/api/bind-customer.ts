import type { BindBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useInvalidateCustomers } from './use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/bind: binds the customer to a salesperson, or transfers it (leaders). */
export const bindCustomer = (body: Omit<BindBody, 'siteId'>) => request<unknown>({ url: '/seller/fenghe/staff/customer/bind', method: 'POST', data: body });

export function useBindCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: bindCustomer, onSuccess: invalidate });
}
