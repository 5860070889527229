import { Tag } from 'antd-mobile';
import { Dialog } from '../lib/antd-imperative';
import './outbox-state.css';
import { deleteOutboxItem } from '../lib/outbox/outbox-runtime';
import { outboxStateLabel } from '../lib/outbox/outbox-labels';
import type { OutboxItem } from '../lib/outbox/types';

/** 待发送 (or 发送失败 with the server's message) of one queued write. */
export function OutboxStateTag({ item }: { item: OutboxItem }) {
  return (
    <Tag color={item.state === 'failed' ? 'danger' : 'warning'} fill="outline" data-testid="outbox-state">
      {outboxStateLabel(item)}
    </Tag>
  );
}

/** Asks, then deletes the queued write. */
export async function confirmDeleteOutboxItem(item: OutboxItem): Promise<void> {
  const confirmed = await Dialog.confirm({ content: '删除后这条记录不会再发送，确定删除？', confirmText: '删除', cancelText: '取消' });
  if (confirmed) await deleteOutboxItem(item.id);
}

/** The refusal under a failed item, with 删除. */
export function OutboxFailure({ item }: { item: OutboxItem }) {
  if (item.state !== 'failed') return null;
  return (
    <div className="outbox-failure">
      <span className="outbox-failure__message" data-testid="outbox-message">
        {item.message}
      </span>
      <button type="button" className="link-button" onClick={() => void confirmDeleteOutboxItem(item)} data-testid="outbox-delete">
        删除
      </button>
    </div>
  );
}
