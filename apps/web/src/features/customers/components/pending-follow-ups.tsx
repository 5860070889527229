import { Tag } from 'antd-mobile';
import { formatDateTime } from '../../../lib/format';
import { useOutboxItemsOf } from '../../../lib/outbox/use-outbox';
import { OutboxFailure, OutboxStateTag } from '../../../components/outbox-state';

/** A customer's follow-ups still in the outbox, on top of the time line. */
export function PendingFollowUps({ customerId }: { customerId: number }) {
  const items = useOutboxItemsOf('followUp', (context) => context.customerId === customerId);
  if (items.length === 0) return null;
  return (
    <ul className="timeline timeline--pending" data-testid="pending-follow-ups">
      {[...items].reverse().map((item) => (
        <li key={item.id} className="timeline__item" data-testid="pending-follow-up">
          <span className="timeline__dot" aria-hidden />
          <div className="timeline__head">
            <Tag color="primary" fill="outline">
              {item.context.type}
            </Tag>
            <OutboxStateTag item={item} />
            <span className="timeline__time">{formatDateTime(item.createdAt)}</span>
          </div>
          <p className="timeline__content">{item.context.content}</p>
          <OutboxFailure item={item} />
        </li>
      ))}
    </ul>
  );
}
