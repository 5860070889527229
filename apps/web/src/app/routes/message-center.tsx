import { ROUTES } from '../../config/paths';
import { noticeListQueryOptions } from '../../features/notices/api/get-notice-list';
import { NoticeCenter } from '../../features/notices/components/notice-center';
import { registerPaintTakeover } from '../../lib/painted-page';
import { queryClient } from '../../lib/query-client';

// The painted copy of 消息中心 (app/prerender/notice-painter.ts) showed the first page: the app's
// first render reads it from the cache (the request layer takes the same answer).
registerPaintTakeover(ROUTES.messageCenter.path, () => queryClient.prefetchInfiniteQuery(noticeListQueryOptions()));

/** 消息中心: my notices, newest first. */
export default function MessageCenterPage() {
  return <NoticeCenter />;
}
