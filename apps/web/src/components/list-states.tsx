import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { nav } from '../lib/navigation';
import { useNetworkStatus } from '../lib/network-status';

const OFFLINE_WAIT = '暂无网络，恢复后自动加载';

/**
 * Grey placeholder cards while a list or a page loads. Without a network the load waits (the query
 * client pauses until the network is back): the cards stand still and say so, instead of seeming
 * to load for ever in the field.
 */
export function CardSkeleton({ count = 4, lines = 2 }: { count?: number; lines?: number }) {
  const offline = useNetworkStatus((state) => state.offline);
  return (
    <div className="card-skeletons" role="status" aria-label={offline ? OFFLINE_WAIT : '加载中'} data-testid="list-skeleton">
      {offline && (
        <p className="card-skeletons__offline" data-testid="skeleton-offline">
          {OFFLINE_WAIT}
        </p>
      )}
      {Array.from({ length: count }, (_, index) => (
        <div className="card card--skeleton" key={index}>
          <Skeleton.Title animated={!offline} />
          <Skeleton.Paragraph lineCount={lines} animated={!offline} />
        </div>
      ))}
    </div>
  );
}

/** Where a list's records are when the current site has none (useSwitchSiteHint): a hint and a button. */
export interface EmptyWayOn {
  hint: string;
  action: ReactNode;
}

/** Nothing to show: a title such as 暂无客户, an optional hint and an optional way on (a button). */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <ErrorBlock className="state-block" status="empty" title={title} description={hint ?? ''} data-testid="list-empty">
      {action}
    </ErrorBlock>
  );
}

/** A load failed: what happened and a 重试 button. */
export function ErrorState({ title = '加载失败', hint = '请检查网络后重试', onRetry }: { title?: string; hint?: string; onRetry: () => void }) {
  return (
    <ErrorBlock className="state-block" status="disconnected" title={title} description={hint} data-testid="list-error">
      <Button color="primary" fill="outline" onClick={onRetry}>
        重试
      </Button>
    </ErrorBlock>
  );
}

/** 返回: back to where the user came from. */
function BackButton() {
  return (
    <Button
      color="primary"
      fill="outline"
      onClick={() => {
        nav.navigateBack();
      }}
    >
      返回
    </Button>
  );
}

/** A page opened with a missing or malformed id in its link. */
export function BadLinkState({ what }: { what: string }) {
  return (
    <ErrorBlock className="state-block" status="default" title="链接无效" description={`没有找到要查看的${what}，请返回后重新进入`} data-testid="bad-link">
      <BackButton />
    </ErrorBlock>
  );
}

/**
 * A failed load of one record, shown in place (its call does not toast): "not there or not
 * yours" (404/403) with 返回, anything else with 重试.
 */
export function RecordErrorState({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <ErrorBlock className="state-block" status="empty" title={`${what}不存在或无权查看`} description="可能已转给他人，或不属于当前站点" data-testid="record-missing">
        <BackButton />
      </ErrorBlock>
    );
  }
  return <ErrorState onRetry={onRetry} />;
}
