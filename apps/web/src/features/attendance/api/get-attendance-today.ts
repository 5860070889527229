import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { attendanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/attendance/today: the caller's record of today at the current site. */
export const getAttendanceToday = (signal?: AbortSignal) =>
  call(ROUTES.attendanceToday, {}, { signal, hideErrorToast: true });

export const attendanceTodayQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: attendanceKeys.today(siteId),
    queryFn: ({ signal }) => getAttendanceToday(signal),
    enabled: siteId !== null,
  });

export function useAttendanceToday() {
  const siteId = useCurrentSiteId();
  return useQuery(attendanceTodayQueryOptions(siteId));
}
