import type { CustomerSummary } from '@sales/contract';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { formatDate } from '../../../lib/format';
import { CustomerLevelTag } from './customer-level-tag';
import { ReturnCountdown } from '../../../components/return-countdown';

/** One customer in the list: name, level, contact, owner, total and last order. */
export function CustomerCard({ customer, onOpen, onPress }: { customer: CustomerSummary; onOpen(id: number): void; onPress?(id: number): void }) {
  return (
    <TapCard onTap={() => onOpen(customer.id)} onPress={onPress && (() => onPress(customer.id))} testId="customer-item" label={customer.name}>
      <div className="card__row">
        <span className="card__title" data-testid="customer-name">
          {customer.name}
        </span>
        <CustomerLevelTag level={customer.level} />
      </div>
      <div className="card__row card__meta">
        <span>联系人：{customer.contactName || '—'}</span>
        <span data-testid="customer-owner">负责人：{customer.owner?.username ?? '未绑定'}</span>
      </div>
      {customer.returnDaysLeft !== null && (
        <div className="card__row card__meta">
          <span>公海回收</span>
          <ReturnCountdown daysLeft={customer.returnDaysLeft} />
        </div>
      )}
      <div className="card__row card__meta">
        <span>
          累计 <Money value={customer.totalAmount} className="amount" />
        </span>
        <span>{customer.lastOrderAt ? `最近下单 ${formatDate(customer.lastOrderAt)}` : '暂无订单'}</span>
      </div>
    </TapCard>
  );
}
