import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { noticeKeys } from './query-keys';

/** How often the unread count is asked again while the app is open. */
const UNREAD_REFRESH_MS = 60_000;

/** POST /seller/notice/unread: how many of my notices are unread. */
export const getNoticeUnread = (signal?: AbortSignal) => call(ROUTES.noticeUnread, {}, { signal, hideErrorToast: true });

export const noticeUnreadQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: noticeKeys.unread(),
    queryFn: ({ signal }) => getNoticeUnread(signal),
    enabled: signedIn,
    staleTime: 15_000,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** The unread count (0 until known): kept fresh on focus and every minute, set by every read. */
export function useNoticeUnread(): number {
  const signedIn = useSession((state) => state.token !== null);
  return useQuery(noticeUnreadQueryOptions(signedIn)).data?.unread ?? 0;
}
