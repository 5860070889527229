import type { NoticeItem, NoticePage } from '@sales/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { routeUrl } from '../../config/paths';
import { noticeKeys } from '../../features/notices/api/query-keys';
import { NoticeRowView } from '../../features/notices/components/notice-center';
import type { NoticeRowText } from '../../features/notices/notice-row-text';
import { PAGE_SIZE } from '../../lib/paging';
import { queryClient } from '../../lib/query-client';
import { preloadPage } from '../router';
import { renderRoute } from './render-route';
import { slot, slotted, type NoticePaintMarkup } from './paint-slots';

/** A notice of the build's sample page (its row is replaced by the painter's). */
const sample: NoticeItem = { id: 1, kind: 'followUpDue', title: 'x', body: 'x', link: routeUrl('messageCenter'), createdAt: '2025-01-01 00:00:00', read: false };

const rowText: NoticeRowText = slotted({ title: '', kind: '', body: '', createdAt: '' });

/** 消息中心 with its first page in the cache as the app's first render shows it, with the counts as placeholders. */
function page(unread: number | string): string {
  queryClient.setQueryData<{ pages: NoticePage[]; pageParams: number[] }>(noticeKeys.list(), {
    pages: [{ list: [sample], total: slot('total') as unknown as number, unread: unread as number, page: 1, pageSize: PAGE_SIZE }],
    pageParams: [1],
  });
  return renderRoute('messageCenter');
}

/**
 * 消息中心 for its painter (notice-painter.ts), rendered at build time signed in
 * (scripts/prerender-login-plugin.ts): the page with and without unread notices, and a row of each look.
 */
export async function noticeMarkup(): Promise<NoticePaintMarkup> {
  await preloadPage('messageCenter');
  return {
    pages: { someUnread: page(slot('unread')), allRead: page(0) },
    rows: {
      read: renderToStaticMarkup(<NoticeRowView text={rowText} read onOpen={() => undefined} />),
      unread: renderToStaticMarkup(<NoticeRowView text={rowText} read={false} onOpen={() => undefined} />),
    },
  };
}
