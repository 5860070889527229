import type { DueFollowUp } from '@sales/contract';
import { PhoneLink } from '../../../components/phone-link';
import { TapCard } from '../../../components/tap-card';
import { dueLabel } from '../todo-text';

/** One customer to contact: 逾期 N 天 or today's time, the customer, the last follow-up, 拨打 and 写跟进. */
export function DueCard({ item, onOpen, onWrite }: { item: DueFollowUp; onOpen(): void; onWrite(): void }) {
  const overdue = item.daysOverdue > 0;
  return (
    <TapCard onTap={onOpen} label={`客户 ${item.customer.name}`} className="due-card" testId="todo-due-item">
      <div className="card__row">
        <span className="card__title">{item.customer.name}</span>
        <span className={overdue ? 'due-card__when due-card__when--overdue' : 'due-card__when'} data-testid="todo-due-when">
          {dueLabel(item)}
        </span>
      </div>
      <div className="card__row card__meta">
        <span>{item.customer.contactName}</span>
        <span>{item.customer.phone}</span>
      </div>
      <p className="due-card__content">
        上次{item.type}：{item.content}
      </p>
      <div className="due-card__actions">
        <PhoneLink phone={item.customer.phone} button testId="todo-call" />
        <button
          type="button"
          className="due-card__write"
          onClick={(event) => {
            event.stopPropagation();
            onWrite();
          }}
          data-testid="todo-write"
        >
          写跟进
        </button>
      </div>
    </TapCard>
  );
}
