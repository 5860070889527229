import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';

/** POST /seller/fenghe/staff/attendance/visits: each member's 拜访签到 of a day (leaders). */
export const getAttendanceVisits = (date: string, signal?: AbortSignal) => call(ROUTES.attendanceVisits, { date }, { signal, hideErrorToast: true });

export function useAttendanceVisits(date: string) {
  const siteId = useCurrentSiteId();
  return useQuery({
    // Starting with the site, so switching site refetches.
    queryKey: ['visits', siteId, date] as const,
    queryFn: ({ signal }) => getAttendanceVisits(date, signal),
    enabled: siteId !== null,
    placeholderData: keepPreviousData,
  });
}
