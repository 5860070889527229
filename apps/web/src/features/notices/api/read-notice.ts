import type { NoticeItem, NoticePage, NoticeReadBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { noticeKeys } from './query-keys';

/** POST /seller/notice/read: one notice (`id`) or all of them (`all: true`). */
export const readNotice = (body: NoticeReadBody) => call(ROUTES.noticeRead, body);

/**
 * Marks read: the list shows it at once, the badge takes the count the server answers, and
 * both are asked again afterwards.
 */
export function useReadNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readNotice,
    onSuccess: (result, body) => {
      client.setQueryData(noticeKeys.unread(), { unread: result.unread });
      client.setQueryData<InfiniteData<NoticePage>>(noticeKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unread: result.unread,
                list: page.list.map((item: NoticeItem) => (body.all === true || item.id === body.id ? { ...item, read: true } : item)),
              })),
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}
