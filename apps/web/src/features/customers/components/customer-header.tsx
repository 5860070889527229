import type { CustomerDetail } from '@sales/contract';
import { Money } from '../../../components/money';
import { PhoneLink } from '../../../components/phone-link';
import { formatDate } from '../../../lib/format';
import { CustomerLevelTag } from './customer-level-tag';

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
      </div>
      {customer.address && <div className="detail-header__line muted">{customer.address}</div>}
      <div className="figures">
        <div className="figure">
          <div className="figure__value" data-testid="customer-order-count">
            {customer.orderCount}
          </div>
          <div className="figure__label">订单数</div>
        </div>
        <div className="figure">
          <div className="figure__value">
            <Money value={customer.totalAmount} testId="customer-total-amount" />
          </div>
          <div className="figure__label">累计金额</div>
        </div>
        <div className="figure">
          <div className="figure__value">{customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'}</div>
          <div className="figure__label">最近下单</div>
        </div>
      </div>
    </section>
  );
}
