import type { FollowUp, FollowUpCreateBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentSiteId } from '../../auth/session-store';
import { submitFieldWrite, type FieldWriteResult } from '../../../lib/outbox/submit';
import { customerKeys } from './query-keys';

type FollowUpInput = Omit<FollowUpCreateBody, 'siteId'>;

/**
 * POST /seller/fenghe/staff/followup/create with an Idempotency-Key made at the tap; without a
 * network (or on a 5xx) the follow-up waits in the outbox (待发送) instead.
 */
export const createFollowUp = (body: FollowUpInput): Promise<FieldWriteResult<FollowUp>> =>
  submitFieldWrite<FollowUp>(ROUTES.followUpCreate, body, { kind: 'followUp', customerId: body.customerId, content: body.content, type: body.type });

/**
 * Logs a follow-up (or queues it) and refreshes what it changes: the customer's time line, its
 * 公海 countdown (剩余 N 天, computed from the owner's follow-ups: list and page); 今日待办 asks
 * again whenever it is shown.
 */
export function useCreateFollowUp() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFollowUp,
    // Runs offline too: the write is queued rather than paused.
    networkMode: 'always',
    onSuccess: (result, body) => {
      if (result.queued) return;
      void queryClient.invalidateQueries({ queryKey: customerKeys.followUps(siteId, body.customerId) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(siteId, body.customerId) });
      void queryClient.invalidateQueries({ queryKey: [...customerKeys.all(siteId), 'list'] });
    },
  });
}
