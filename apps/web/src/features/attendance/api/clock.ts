import type { AttendanceClockWriteBody, AttendanceToday } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentSiteId } from '../../auth/session-store';
import { submitFieldWrite, type FieldWriteResult } from '../../../lib/outbox/submit';
import { attendanceKeys } from './query-keys';
import { clockPosition } from '../../../lib/clock-position';

export type ClockKind = 'in' | 'out';
/** The clock body without the site (the request layer adds the current one). */
export type ClockBody = Omit<AttendanceClockWriteBody, 'siteId'>;

/**
 * POST /seller/fenghe/staff/attendance/clock-in or clock-out with an Idempotency-Key made at the
 * tap: at the current site, on the server's clock; answers today's state. Carries the phone's
 * position when the person allows it (asked on this tap, briefly); refused or unavailable, the
 * clock goes ahead without it. Without a network the clock waits in the outbox (待发送).
 */
export const clock = async (kind: ClockKind, body: ClockBody = {}): Promise<FieldWriteResult<AttendanceToday>> => {
  // The tap's time goes with every attempt (one Idempotency-Key, one body): sent late from the
  // outbox, the clock counts at the tap and the leaders see when it arrived.
  const tappedAt = body.tappedAt ?? new Date().toISOString();
  const position = body.position ?? (await clockPosition());
  return submitFieldWrite<AttendanceToday>(kind === 'in' ? ROUTES.attendanceClockIn : ROUTES.attendanceClockOut, { ...body, tappedAt, ...(position ? { position } : {}) }, { kind: 'clock', clock: kind });
};

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
