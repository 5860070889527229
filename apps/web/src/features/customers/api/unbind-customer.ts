import type { UnbindBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCustomers } from './use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/unbind: the customer no longer has an owner (leaders). */
export const unbindCustomer = (body: Omit<UnbindBody, 'siteId'>) => call(ROUTES.customerUnbind, body);

export function useUnbindCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: unbindCustomer, onSuccess: invalidate });
}
