import type { FollowUp, FollowUpCreateBody } from '@sales/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** POST /seller/fenghe/staff/followup/create. */
export const createFollowUp = (body: Omit<FollowUpCreateBody, 'siteId'>) =>
  request<FollowUp>({ url: '/seller/fenghe/staff/followup/create', method: 'POST', data: body });

/** Logs a follow-up and refreshes the customer's time line. */
export function useCreateFollowUp() {
  const siteId = useSession((state) => state.currentSite?.departmentId ?? null);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFollowUp,
    onSuccess: (_created, body) => queryClient.invalidateQueries({ queryKey: customerKeys.followUps(siteId, body.customerId) }),
  });
}
