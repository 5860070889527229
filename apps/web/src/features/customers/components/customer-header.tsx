import type { CustomerDetail } from '@sales/contract';
import { Figure } from '../../../components/figure';
import { Money } from '../../../components/money';
import { PhoneLink } from '../../../components/phone-link';
import { formatDate } from '../../../lib/format';
import { CustomerLevelTag } from './customer-level-tag';
import { ReturnCountdown } from '../../../components/return-countdown';

/** The customer page's header card: name, level, owner, phone (call), address, and the figures. */
export function CustomerHeader({ customer }: { customer: CustomerDetail }) {
  return (
    <section className="detail-header" data-testid="customer-header">
      <div className="card__row">
        <h2 className="detail-header__name" data-testid="customer-name">
          {customer.name}
        </h2>
        <CustomerLevelTag level={customer.level} />
      </div>
      <div className="detail-header__line">
        <span>
          {customer.contactName || '—'} · <PhoneLink phone={customer.phone} testId="customer-phone" />
        </span>
        <PhoneLink phone={customer.phone} button testId="customer-call" />
      </div>
      <div className="detail-header__line muted">
        <span data-testid="customer-owner">负责人：{customer.owner?.username ?? '未绑定'}</span>
        <ReturnCountdown daysLeft={customer.returnDaysLeft} />
      </div>
      {customer.address && <div className="detail-header__line muted">{customer.address}</div>}
      <div className="figures">
        <Figure label="成交订单" testId="customer-order-count">
          {customer.orderCount}
        </Figure>
        <Figure label="累计金额">
          <Money value={customer.totalAmount} testId="customer-total-amount" />
        </Figure>
        <Figure label="最近下单">{customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'}</Figure>
      </div>
    </section>
  );
}
