import { formatDateTime } from '../../../lib/format';
import type { OutboxItemOf } from '../../../lib/outbox/use-outbox';
import { OutboxFailure, OutboxStateTag } from '../../../components/outbox-state';

/** A clock-in or clock-out the server refused from the outbox, with the time of the tap, its reason and 删除 (a waiting one is the card's state). */
export function PendingClocks({ items }: { items: OutboxItemOf<'clock'>[] }) {
  if (items.length === 0) return null;
  return (
    <div data-testid="pending-clocks">
      {items.map((item) => (
        <div key={item.id} className="outbox-pending-line" data-testid="pending-clock">
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
