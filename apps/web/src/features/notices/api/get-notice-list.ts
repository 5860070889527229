import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { noticeKeys } from './query-keys';

/** POST /seller/notice/list: a page of my notices, newest first. */
export const getNoticeList = (page: number, signal?: AbortSignal) => call(ROUTES.noticeList, { page, pageSize: PAGE_SIZE }, { signal });

export const noticeListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam, signal }) => getNoticeList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // 消息中心 shows what came in since it was last open.
    staleTime: 0,
  });

export function useNoticeList() {
  return useInfiniteQuery(noticeListQueryOptions());
}
