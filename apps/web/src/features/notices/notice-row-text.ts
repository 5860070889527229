import { NOTICE_KIND_NAMES, type NoticeItem } from '@sales/contract';
import { formatDateTime } from '../../lib/format';

/** The texts of a notice's row (components/notice-center.tsx), shared with 消息中心's painter (app/prerender/notice-painter.ts). */
export interface NoticeRowText {
  title: string;
  kind: string;
  body: string;
  createdAt: string;
}

export const noticeRowText = (notice: NoticeItem): NoticeRowText => ({
  title: notice.title,
  kind: NOTICE_KIND_NAMES[notice.kind],
  body: notice.body,
  createdAt: formatDateTime(notice.createdAt),
});

/** The header's texts: how many notices, how many unread. */
export const noticeCountText = (total: number, unread: number): string => `共 ${total} 条，${unread} 条未读`;
