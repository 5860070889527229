import { PERFORMANCE_PATHS, type AttendanceToday } from '@sales/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { attendanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/attendance/today: the caller's record of today at the current site. */
export const getAttendanceToday = (signal?: AbortSignal) =>
  request<AttendanceToday>({ url: PERFORMANCE_PATHS.attendanceToday, method: 'POST', data: {}, signal, hideErrorToast: true });

export const attendanceTodayQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: attendanceKeys.today(siteId),
    queryFn: ({ signal }) => getAttendanceToday(signal),
    enabled: siteId !== null,
  });

export function useAttendanceToday() {
  const siteId = useSession((state) => state.currentSite?.departmentId ?? null);
  return useQuery(attendanceTodayQueryOptions(siteId));
}
