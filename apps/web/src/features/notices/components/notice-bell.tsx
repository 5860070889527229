import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useNoticeUnread } from '../api/get-notice-unread';
import { unreadBadgeContent } from './unread-badge';

/** A bell with the unread count, for a page header; opens 消息中心. */
export function NoticeBell({ onOpen }: { onOpen(): void }) {
  const unread = useNoticeUnread();
  return (
    <button type="button" className="notice-bell" onClick={onOpen} aria-label={unread > 0 ? `消息中心，${unread} 条未读` : '消息中心'} data-testid="notice-bell">
      <Badge content={unreadBadgeContent(unread)}>
        <BellOutline fontSize={24} />
      </Badge>
    </button>
  );
}
