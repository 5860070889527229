import { formatDateTime } from '../../../lib/format';
import type { OutboxItemOf } from '../use-outbox';
import { OutboxFailure, OutboxStateTag } from './outbox-state-tag';
import '../outbox.css';

/** A clock-in or clock-out still in the outbox, with the time of the tap. */
export function PendingClocks({ items }: { items: OutboxItemOf<'clock'>[] }) {
  if (items.length === 0) return null;
  return (
    <div data-testid="pending-clocks">
      {items.map((item) => (
        <div key={item.id} className="clock-card__pending" data-testid="pending-clock">
          <OutboxStateTag item={item} />
          <span>
            {item.context.clock === 'in' ? '上班打卡' : '下班打卡'} {formatDateTime(item.createdAt).slice(11)}
          </span>
          <OutboxFailure item={item} />
        </div>
      ))}
    </div>
  );
}
