import type { FollowUp } from '@sales/contract';
import { InfiniteScroll, Tag } from 'antd-mobile';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { flattenPages } from '../../../lib/paging';
import { useFollowUpList } from '../api/get-follow-up-list';
import { PendingFollowUps } from './pending-follow-ups';
import { PhotoGallery } from '../../../components/photo-gallery';

/** What the page shows under a follow-up's content (拜访签到's badge, from the visits feature). */
export type FollowUpExtra = (entry: FollowUp) => React.ReactNode;

function FollowUpEntry({ entry, extra }: { entry: FollowUp; extra?: FollowUpExtra }) {
  return (
    <li className="timeline__item" data-testid="follow-up-item">
      <span className="timeline__dot" aria-hidden />
      <div className="timeline__head">
        <Tag color="primary" fill="outline">
          {entry.type}
        </Tag>
        <span className="timeline__who">{entry.staff.username}</span>
        <span className="timeline__time">{formatDateTime(entry.createdAt)}</span>
      </div>
      <p className="timeline__content">{entry.content}</p>
      {extra?.(entry)}
      <PhotoGallery images={entry.images} className="timeline__images" />
      {entry.nextContactAt && <div className="timeline__next">下次联系：{formatDateTime(entry.nextContactAt)}</div>}
    </li>
  );
}

/** A customer's follow-ups as a time line, newest first, loading more on scroll; those still to be sent on top. */
export function FollowUpTimeline({ customerId, extra }: { customerId: number; extra?: FollowUpExtra }) {
  return (
    <>
      <PendingFollowUps customerId={customerId} />
      <SentFollowUps customerId={customerId} extra={extra} />
    </>
  );
}

function SentFollowUps({ customerId, extra }: { customerId: number; extra?: FollowUpExtra }) {
  const query = useFollowUpList(customerId);
  const first = query.data?.pages[0];
  if (!first) return query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : <CardSkeleton count={2} />;
  const entries = flattenPages(query.data?.pages);
  if (entries.length === 0) return <EmptyState title="暂无跟进记录" hint="点击下方「写跟进」记录一次沟通" />;
  return (
    <>
      <div className="list-total">
        <span data-testid="follow-up-total">共 {first.total} 条跟进</span>
      </div>
      <ul className="timeline" data-testid="follow-up-list">
        {entries.map((entry) => (
          <FollowUpEntry key={entry.id} entry={entry} extra={extra} />
        ))}
      </ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          const result = await query.fetchNextPage();
          if (result.isError) throw result.error;
        }}
      />
    </>
  );
}
