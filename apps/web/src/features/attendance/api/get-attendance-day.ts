import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { attendanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/attendance/day: a day of the site with counts by status (leaders). */
export const getAttendanceDay = (date: string, signal?: AbortSignal) =>
  call(ROUTES.attendanceDay, { date }, { signal, hideErrorToast: true });

export const attendanceDayQueryOptions = (siteId: number | null, date: string) =>
  queryOptions({
    queryKey: attendanceKeys.day(siteId, date),
    queryFn: ({ signal }) => getAttendanceDay(date, signal),
    enabled: siteId !== null,
    placeholderData: keepPreviousData,
  });

export function useAttendanceDay(date: string, enabled: boolean) {
  const siteId = useCurrentSiteId();
  const options = attendanceDayQueryOptions(siteId, date);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
