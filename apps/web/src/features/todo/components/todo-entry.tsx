import { Badge } from 'antd-mobile';
import { CheckShieldOutline, RightOutline } from 'antd-mobile-icons';
import { useTodoCount } from '../api/get-follow-up-due';
import { badgeText } from '../todo-text';

/** The one-tap way into 今日待办 at the top of 我的 and 我的周报: a card with the count badge. */
export function TodoEntry({ onOpen, onPress }: { onOpen(): void; /** At pointerdown, before the click (lib/route-intent.ts). */ onPress?(): void }) {
  const { data } = useTodoCount();
  const summary = !data
    ? '到期的客户和待交的报告'
    : data.count === 0
      ? '今天没有待办'
      : [data.followUps > 0 ? `${data.followUps} 位客户待联系` : '', data.reports > 0 ? `${data.reports} 份报告待提交` : ''].filter(Boolean).join(' · ');
  return (
    <button type="button" className="todo-entry" onClick={onOpen} onPointerDown={onPress} data-testid="todo-entry">
      <span className="todo-entry__icon" aria-hidden>
        <CheckShieldOutline />
      </span>
      <span className="todo-entry__text">
        <span className="todo-entry__title">今日待办</span>
        <span className="todo-entry__summary muted">{summary}</span>
      </span>
      {badgeText(data?.count) && <Badge content={badgeText(data?.count)} className="todo-entry__badge" data-testid="todo-entry-badge" />}
      <RightOutline className="todo-entry__arrow" aria-hidden />
    </button>
  );
}

/** 我的待办 N on home's 今日待联系 card: the same count as 今日待办 and the badges. */
export function TodoLink({ onOpen, onPress }: { onOpen(): void; onPress?(): void }) {
  const { data } = useTodoCount();
  return (
    <button type="button" className="link-button todo-link" onClick={onOpen} onPointerDown={onPress} data-testid="home-todo-link">
      我的待办{data ? ` ${data.count}` : ''}
    </button>
  );
}
