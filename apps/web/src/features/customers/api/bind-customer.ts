import type { BindBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCustomers } from './use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/bind: binds the customer to a salesperson, or transfers it (leaders). */
export const bindCustomer = (body: Omit<BindBody, 'siteId'>) => call(ROUTES.customerBind, body);

export function useBindCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: bindCustomer, onSuccess: invalidate });
}
