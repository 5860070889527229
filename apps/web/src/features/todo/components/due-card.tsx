import type { DueFollowUp } from '@sales/contract';
import { PhoneLinkView } from '../../../components/phone-link';
import { TapCard } from '../../../components/tap-card';
import { dueCardText, type DueCardText } from '../todo-text';

/** One customer to contact: 逾期 N 天 or today's time, the customer, the last follow-up, 拨打 and 写跟进. */
export function DueCard({ item, onOpen, onWrite }: { item: DueFollowUp; onOpen(): void; onWrite(): void }) {
  return <DueCardView text={dueCardText(item)} overdue={item.daysOverdue > 0} onOpen={onOpen} onWrite={onWrite} />;
}

/** The card from its texts: the app renders it from the list, the build with placeholders for 今日待办's painter (app/prerender/todo-markup.tsx). */
export function DueCardView({ text, overdue, onOpen, onWrite }: { text: DueCardText; overdue: boolean; onOpen(): void; onWrite(): void }) {
  return (
    <TapCard onTap={onOpen} label={`客户 ${text.name}`} className="due-card" testId="todo-due-item">
      <div className="card__row">
        <span className="card__title">{text.name}</span>
        <span className={overdue ? 'due-card__when due-card__when--overdue' : 'due-card__when'} data-testid="todo-due-when">
          {text.when}
        </span>
      </div>
      <div className="card__row card__meta">
        <span>{text.contact}</span>
        <span>{text.phone}</span>
      </div>
      <p className="due-card__content">{text.content}</p>
      <div className="due-card__actions">
        <PhoneLinkView phone={text.phone} href={text.tel} button testId="todo-call" />
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
