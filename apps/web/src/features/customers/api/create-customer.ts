import { CUSTOMER_DUPLICATE_MESSAGE, IDEMPOTENCY_HEADER, type CustomerCreateBody, type CustomerDuplicate } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/outbox/key';
import { useInvalidateCustomers } from './use-invalidate-customers';

export type CustomerCreateInput = Omit<CustomerCreateBody, 'siteId'>;

/**
 * POST /seller/fenghe/staff/customer/create with an Idempotency-Key made at the tap (a retry of a
 * timed-out tap writes one customer). Not queued offline: 查重 needs the server's answer at once.
 * A refusal is not toasted here: the page shows the duplicates or the message itself.
 */
export const createCustomer = (body: CustomerCreateInput) =>
  call(ROUTES.customerCreate, body, { header: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() }, hideErrorToast: true });

/** The existing customers a 409 of 新建客户 names; null for any other failure. */
export function duplicatesOf(error: unknown): CustomerDuplicate[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.message !== CUSTOMER_DUPLICATE_MESSAGE) return null;
  const data = error.data as { duplicates?: unknown } | null;
  return Array.isArray(data?.duplicates) ? (data.duplicates as CustomerDuplicate[]) : null;
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: createCustomer, onSuccess: invalidate });
}
