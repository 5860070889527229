import { Button } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { describeOutboxItem, outboxFailureMessage } from '../../../lib/outbox/outbox-labels';
import { flushOutbox } from '../../../lib/outbox/outbox-runtime';
import { useOutboxItems } from '../../../lib/outbox/use-outbox';
import { confirmDeleteOutboxItem, OutboxStateTag } from '../../../components/outbox-state';
import '../outbox.css';

/** The signed-in user's queued writes, oldest first: what, when, state, the server's message; 删除 and 立即发送. */
export function OutboxPage() {
  const items = useOutboxItems();
  const [sending, setSending] = useState(false);

  const sendNow = async () => {
    setSending(true);
    try {
      const result = await flushOutbox();
      if (result?.stopped === 'retry') showToast('网络不可用，稍后自动重试');
      else if (result?.stopped === 'unauthorized') showToast('登录已失效，请重新登录后发送');
      else if (result && result.sent > 0) showToast(`已发送 ${result.sent} 条`, 'success');
    } finally {
      setSending(false);
    }
  };

  if (items.length === 0) return <EmptyState title="没有待发送的记录" hint="网络不可用时保存的跟进、打卡和报告会在这里等待发送" />;
  const waiting = items.some((item) => item.state !== 'failed');
  return (
    <div className="outbox-page" data-testid="outbox-page">
      {waiting && (
        <div className="outbox-page__actions">
          <Button block color="primary" loading={sending} disabled={sending} onClick={() => void sendNow()} data-testid="outbox-send-now">
            立即发送
          </Button>
        </div>
      )}
      <ul>
        {items.map((item) => (
          <li key={item.id} className="outbox-item" data-testid="outbox-item">
            <div className="outbox-item__head">
              <OutboxStateTag item={item} />
              <span className="outbox-item__time">{formatDateTime(item.createdAt)}</span>
            </div>
            <div className="outbox-item__what">{describeOutboxItem(item)}</div>
            {item.state === 'failed' && (
              <div className="outbox-failure">
                <span className="outbox-failure__message" data-testid="outbox-message">
                  {outboxFailureMessage(item)}
                </span>
              </div>
            )}
            <div className="outbox-item__foot">
              <Button size="mini" color="danger" fill="outline" onClick={() => void confirmDeleteOutboxItem(item)} data-testid="outbox-delete">
                删除
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
