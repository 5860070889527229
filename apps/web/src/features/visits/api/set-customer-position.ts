import type { CustomerPositionBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /seller/fenghe/staff/customer/position: a leader's point, or the confirmed point of one's check-in. */
export const setCustomerPosition = (body: Omit<CustomerPositionBody, 'siteId'>) => call(ROUTES.customerPosition, body);

/** `onSaved`: the page refreshes the customer (its queries belong to the customers feature). */
export function useSetCustomerPosition(onSaved: () => void) {
  return useMutation({ mutationFn: setCustomerPosition, onSuccess: onSaved });
}
