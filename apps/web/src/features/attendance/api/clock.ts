import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { attendanceKeys } from './query-keys';
import { clockPosition } from '../../../lib/clock-position';

export type ClockKind = 'in' | 'out';

/**
 * POST /seller/fenghe/staff/attendance/clock-in or clock-out: at the current site, on the server's
 * clock; answers today's state. Carries the phone's position when the person allows it (asked on
 * this tap, briefly); refused or unavailable, the clock goes ahead without it.
 */
export const clock = async (kind: ClockKind) => {
  const position = await clockPosition();
  return call(kind === 'in' ? ROUTES.attendanceClockIn : ROUTES.attendanceClockOut, position ? { position } : {});
};

/** Clocking changes today's record and the site's day and month views. */
export function useClock() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clock,
    // The answer is today's new state: show it at once, then refresh the site's views.
    onSuccess: (today) => queryClient.setQueryData(attendanceKeys.today(siteId), today),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all(siteId) }),
  });
}
