import type { FollowUpCreateBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/followup/create. */
export const createFollowUp = (body: Omit<FollowUpCreateBody, 'siteId'>) =>
  call(ROUTES.followUpCreate, body);

/** Logs a follow-up and refreshes the customer's time line. */
export function useCreateFollowUp() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFollowUp,
    onSuccess: (_created, body) => queryClient.invalidateQueries({ queryKey: customerKeys.followUps(siteId, body.customerId) }),
  });
}
