import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { Fragment, type ReactNode } from 'react';
import { flattenPages, rowKey, type PagedRow, type PageOf } from '../lib/paging';
import { CardSkeleton, EmptyState, ErrorState } from './list-states';

/** The parts of a TanStack infinite query over a paged list call that the list needs. */
export interface PagedQuery<P> {
  data: { pages: P[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch(): Promise<unknown>;
  fetchNextPage(): Promise<{ isError: boolean; error: unknown }>;
}

type Row<P extends PageOf<PagedRow>> = P['list'][number];

interface PagedListProps<P extends PageOf<PagedRow>> {
  query: PagedQuery<P>;
  renderItem(item: Row<P>): ReactNode;
  /** The empty state's title, e.g. 暂无客户. */
  empty: string;
  emptyHint?: string;
  /** A way on from the empty state (e.g. 切换站点), under its hint. */
  emptyAction?: ReactNode;
  /** Drawn above the rows once the first page is in (the total count, totals). */
  header?(total: number, first: P): ReactNode;
  testId?: string;
}

/**
 * The list pattern of SCREENS.md: skeleton cards while loading, an error state with 重试,
 * an empty state, pull down to refresh and load more on scroll.
 */
export function PagedList<P extends PageOf<PagedRow>>({ query, renderItem, empty, emptyHint, emptyAction, header, testId }: PagedListProps<P>) {
  const first = query.data?.pages[0];
  if (!first) {
    if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
    return <CardSkeleton />;
  }
  const rows: Row<P>[] = flattenPages<Row<P>>(query.data?.pages);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <div className="paged-list" data-testid={testId}>
        {header?.(first.total, first)}
        {rows.length === 0 ? <EmptyState title={empty} hint={emptyHint} action={emptyAction} /> : rows.map((row) => <Fragment key={rowKey(row)}>{renderItem(row)}</Fragment>)}
        {rows.length > 0 && (
          <InfiniteScroll
            hasMore={query.hasNextPage}
            loadMore={async () => {
              const result = await query.fetchNextPage();
              if (result.isError) throw result.error;
            }}
          >
            {(hasMore, failed, retry) =>
              failed ? (
                <button type="button" className="link-button" onClick={retry}>
                  加载失败，点击重试
                </button>
              ) : hasMore ? (
                <span className="muted">加载中…</span>
              ) : (
                <span className="muted">没有更多了</span>
              )
            }
          </InfiniteScroll>
        )}
      </div>
    </PullToRefresh>
  );
}
