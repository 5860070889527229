import type { OrderSummary } from '@sales/contract';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { routeUrl } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import { OrderStatusTag } from './order-status-tag';

/** One order in a list: number, status, customer, salesperson, amount and time. */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <TapCard onTap={() => nav.navigateTo(routeUrl('orderDetails', { id: order.id }))} testId="order-item" label={`订单 ${order.orderNo}`}>
      <div className="card__row">
        <span className="order-no">{order.orderNo}</span>
        <OrderStatusTag status={order.status} />
      </div>
      <div className="card__row">
        <span className="card__title">{order.customer.name}</span>
        <Money value={order.amount} className="amount" />
      </div>
      <div className="card__row card__meta">
        <span>业务员：{order.staff?.username ?? '未分配'}</span>
        <span>{formatDateTime(order.createdAt)}</span>
      </div>
    </TapCard>
  );
}
