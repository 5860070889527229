import type { CustomerLevel, CustomerSummary } from '@sales/contract';
import { TapCard } from '../../../components/tap-card';
import { ReturnCountdown } from '../../../components/return-countdown';
import { customerCardText, type CustomerCardText } from '../customer-card-text';
import { CustomerLevelTag } from './customer-level-tag';

/** One customer in the list: name, level, contact, owner, total and last order. */
export function CustomerCard({ customer, onOpen, onPress }: { customer: CustomerSummary; onOpen(id: number): void; onPress?(id: number): void }) {
  return (
    <CustomerCardView
      text={customerCardText(customer)}
      level={customer.level}
      returnDaysLeft={customer.returnDaysLeft}
      onTap={() => onOpen(customer.id)}
      onPress={onPress && (() => onPress(customer.id))}
    />
  );
}

/**
 * The card from its texts: the build renders it with placeholders for the list's painter
 * (app/prerender/list-markup.tsx), so the painted copy is this markup.
 */
export function CustomerCardView({
  text,
  level,
  returnDaysLeft,
  onTap,
  onPress,
}: {
  text: CustomerCardText;
  level: CustomerLevel;
  returnDaysLeft: number | null;
  onTap(): void;
  onPress?(): void;
}) {
  return (
    <TapCard onTap={onTap} onPress={onPress} testId="customer-item" label={text.name}>
      <div className="card__row">
        <span className="card__title" data-testid="customer-name">
          {text.name}
        </span>
        <CustomerLevelTag level={level} />
      </div>
      <div className="card__row card__meta">
        <span>联系人：{text.contact}</span>
        <span data-testid="customer-owner">负责人：{text.owner}</span>
      </div>
      {returnDaysLeft !== null && (
        <div className="card__row card__meta">
          <span>公海回收</span>
          <ReturnCountdown daysLeft={returnDaysLeft} />
        </div>
      )}
      <div className="card__row card__meta">
        <span>
          累计 <span className="money amount">{text.amount}</span>
        </span>
        <span>{text.lastOrder}</span>
      </div>
    </TapCard>
  );
}
