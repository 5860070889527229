import type { CustomerPositionBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCustomers } from '../../customers/api/use-invalidate-customers';

/** POST /seller/fenghe/staff/customer/position: a leader's point, or the confirmed point of one's check-in. */
export const setCustomerPosition = (body: Omit<CustomerPositionBody, 'siteId'>) => call(ROUTES.customerPosition, body);

export function useSetCustomerPosition() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: setCustomerPosition, onSuccess: invalidate });
}
