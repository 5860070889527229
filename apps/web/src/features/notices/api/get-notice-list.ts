import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { noticeKeys } from './query-keys';

/** POST /seller/notice/list: a page of my notices, newest first. */
export const getNoticeList = (page: number, signal?: AbortSignal) => call(ROUTES.noticeList, { page, pageSize: PAGE_SIZE }, { signal });

/**
 * 消息中心 shows what came in since it was last open: its list is asked for again on every visit,
 * except within this moment of an answer, the painted copy's takeover (app/routes/message-center.tsx)
 * having just read the early answer into the cache for the page's first render.
 */
export const NOTICE_LIST_FRESH_MS = 2_000;

export const noticeListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam, signal }) => getNoticeList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: NOTICE_LIST_FRESH_MS,
  });

export function useNoticeList() {
  return useInfiniteQuery(noticeListQueryOptions());
}
