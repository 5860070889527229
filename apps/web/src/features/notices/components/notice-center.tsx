import { NOTICE_KIND_NAMES, type NoticeItem } from '@sales/contract';
import { Button } from 'antd-mobile';
import { PagedList } from '../../../components/paged-list';
import { TapCard } from '../../../components/tap-card';
import { findRoute } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import { useNoticeList } from '../api/get-notice-list';
import { useReadNotice } from '../api/read-notice';

/** Opens a notice's link: a tab page by switching tabs, any other page on top of 消息中心. */
function openLink(link: string): void {
  const pathname = link.split('?')[0] ?? link;
  if (findRoute(pathname)?.tab) nav.switchTab(link);
  else nav.navigateTo(link);
}

function NoticeRow({ notice, onOpen }: { notice: NoticeItem; onOpen(): void }) {
  return (
    <TapCard
      onTap={onOpen}
      className={`notice${notice.read ? '' : ' notice--unread'}`}
      testId="notice-item"
      label={notice.read ? '已读' : '未读'}
    >
      <div className="card__row">
        <span className="card__title notice__title">
          {!notice.read && <span className="notice__dot" aria-hidden="true" data-testid="notice-unread-dot" />}
          {notice.title}
        </span>
        <span className="card__meta">{NOTICE_KIND_NAMES[notice.kind]}</span>
      </div>
      <p className="notice__body">{notice.body}</p>
      <div className="card__row card__meta">
        <span>{formatDateTime(notice.createdAt)}</span>
        <span>{notice.read ? '已读' : '未读'}</span>
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
          <span data-testid="notice-unread-count">
            共 {total} 条，{unread} 条未读
          </span>
          <Button size="small" fill="outline" color="primary" disabled={unread === 0 || read.isPending} onClick={() => read.mutate({ all: true })} data-testid="notice-read-all">
            全部已读
          </Button>
        </div>
      )}
      renderItem={(notice) => <NoticeRow key={notice.id} notice={notice} onOpen={() => open(notice)} />}
    />
  );
}
