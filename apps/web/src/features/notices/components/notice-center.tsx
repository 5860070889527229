import type { NoticeItem } from '@sales/contract';
import { Button } from 'antd-mobile';
import { PagedList } from '../../../components/paged-list';
import { TapCard } from '../../../components/tap-card';
import { findRoute } from '../../../config/paths';
import { nav } from '../../../lib/navigation';
import { useNoticeList } from '../api/get-notice-list';
import { useReadNotice } from '../api/read-notice';
import { noticeCountText, noticeRowText, type NoticeRowText } from '../notice-row-text';

/** Opens a notice's link: a tab page by switching tabs, any other page on top of 消息中心. */
function openLink(link: string): void {
  const pathname = link.split('?')[0] ?? link;
  if (findRoute(pathname)?.tab) nav.switchTab(link);
  else nav.navigateTo(link);
}

/**
 * A notice's row from its texts: the app renders it from the list, and the build renders it with
 * placeholders, read and unread, for 消息中心's painter (app/prerender/notice-markup.tsx).
 */
export function NoticeRowView({ text, read, onOpen }: { text: NoticeRowText; read: boolean; onOpen(): void }) {
  return (
    <TapCard onTap={onOpen} className={`notice${read ? '' : ' notice--unread'}`} testId="notice-item" label={read ? '已读' : '未读'}>
      <div className="card__row">
        <span className="card__title notice__title">
          {!read && <span className="notice__dot" aria-hidden="true" data-testid="notice-unread-dot" />}
          {text.title}
        </span>
        <span className="card__meta">{text.kind}</span>
      </div>
      <p className="notice__body">{text.body}</p>
      <div className="card__row card__meta">
        <span>{text.createdAt}</span>
        <span>{read ? '已读' : '未读'}</span>
      </div>
    </TapCard>
  );
}

/** 消息中心: my notices newest first; a tap marks one read and opens what it is about; 全部已读. */
export function NoticeCenter() {
  const query = useNoticeList();
  const read = useReadNotice();
  const unread = query.data?.pages[0]?.unread ?? 0;
  const open = (notice: NoticeItem) => {
    if (!notice.read) read.mutate({ id: notice.id });
    openLink(notice.link);
  };
  return (
    <PagedList
      query={query}
      testId="notice-list"
      empty="暂无消息"
      emptyHint="客户分配、目标调整和报告提醒会出现在这里"
      header={(total) => (
        <div className="list-total">
          <span data-testid="notice-unread-count">{noticeCountText(total, unread)}</span>
          <Button size="small" fill="outline" color="primary" disabled={unread === 0 || read.isPending} onClick={() => read.mutate({ all: true })} data-testid="notice-read-all">
            全部已读
          </Button>
        </div>
      )}
      renderItem={(notice) => <NoticeRowView key={notice.id} text={noticeRowText(notice)} read={notice.read} onOpen={() => open(notice)} />}
    />
  );
}
