import type { AttendanceClockWriteBody, AttendanceToday } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentSiteId } from '../../auth/session-store';
import { submitFieldWrite, type FieldWriteResult } from '../../../lib/outbox/submit';
import { attendanceKeys } from './query-keys';

export type ClockKind = 'in' | 'out';
/** The clock body without the site (the request layer adds the current one). */
export type ClockBody = Omit<AttendanceClockWriteBody, 'siteId'>;

/**
 * POST /seller/fenghe/staff/attendance/clock-in or clock-out with an Idempotency-Key made at the
 * tap: at the current site, on the server's clock; answers today's state. Without a network the
 * clock waits in the outbox (待发送).
 */
export const clock = (kind: ClockKind, body: ClockBody = {}): Promise<FieldWriteResult<AttendanceToday>> =>
  submitFieldWrite<AttendanceToday>(kind === 'in' ? ROUTES.attendanceClockIn : ROUTES.attendanceClockOut, body, { kind: 'clock', clock: kind });

/** Clocking changes today's record and the site's day and month views. */
export function useClock() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: ClockKind; body?: ClockBody }) => clock(kind, body),
    networkMode: 'always',
    // The answer is today's new state: show it at once, then refresh the site's views.
    onSuccess: (result) => {
      if (!result.queued) queryClient.setQueryData(attendanceKeys.today(siteId), result.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all(siteId) }),
  });
}
