import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { attendanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/attendance/month: the site's counts per day (leaders), or one member's days. */
export const getAttendanceMonth = (month: string, staffId: number | null, signal?: AbortSignal) =>
  call(ROUTES.attendanceMonth, { month, ...(staffId ? { staffId } : {}) }, { signal, hideErrorToast: true });

export const attendanceMonthQueryOptions = (siteId: number | null, month: string, staffId: number | null) =>
  queryOptions({
    queryKey: attendanceKeys.month(siteId, month, staffId),
    queryFn: ({ signal }) => getAttendanceMonth(month, staffId, signal),
    enabled: siteId !== null,
    placeholderData: keepPreviousData,
  });

export function useAttendanceMonth(month: string, staffId: number | null) {
  const siteId = useCurrentSiteId();
  return useQuery(attendanceMonthQueryOptions(siteId, month, staffId));
}
