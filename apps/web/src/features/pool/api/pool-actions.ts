import type { PoolAssignBody, PoolClaimBody, PoolReleaseBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCustomers } from '../../customers/api/use-invalidate-customers';

/**
 * 领取, 放弃 and 分配. A refusal is shown by the caller (the server's words: which rule, the
 * numbers), so the request layer's toast is off. Each changes owners: every customer query of the
 * site (lists, pool, rules' usage) is refreshed.
 */
export const claimPoolCustomer = (body: Omit<PoolClaimBody, 'siteId'>) => call(ROUTES.poolClaim, body, { hideErrorToast: true });
export const releaseCustomer = (body: Omit<PoolReleaseBody, 'siteId'>) => call(ROUTES.poolRelease, body, { hideErrorToast: true });
export const assignPoolCustomers = (body: Omit<PoolAssignBody, 'siteId'>) => call(ROUTES.poolAssign, body, { hideErrorToast: true });

export function useClaimPoolCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: claimPoolCustomer, onSettled: invalidate });
}

export function useReleaseCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: releaseCustomer, onSuccess: invalidate });
}

export function useAssignPoolCustomers() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: assignPoolCustomers, onSettled: invalidate });
}
