import { SALES_STATUSES, type OrderSummary, type ReportOrderLine } from '@sales/contract';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { routeUrl } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import { OrderStatusTag } from './order-status-tag';

/** An order as a list shows it, or one line of a report's order list (a sale or a refund of an order). */
export type OrderCardOrder = OrderSummary | ReportOrderLine;

const isLine = (order: OrderCardOrder): order is ReportOrderLine => 'line' in order;

/**
 * The time a card shows, the one that decides where the order counts: a report's refund line its
 * refunded time (退款), a sale its paid time (付款: a report's sale line, or an order that is paid,
 * shipped or completed), any other order (unpaid, cancelled, refunded) its creation time (下单).
 */
export function orderCardTime(order: OrderCardOrder): { label: '付款' | '退款' | '下单'; at: string } {
  if (isLine(order)) return { label: order.line === 'refund' ? '退款' : '付款', at: order.at };
  if (order.paidAt && SALES_STATUSES.includes(order.status)) return { label: '付款', at: order.paidAt };
  return { label: '下单', at: order.createdAt };
}

/** What a card adds: a report line's signed amount (a refund negative), else the order's amount. */
export const orderCardAmount = (order: OrderCardOrder): number => (isLine(order) ? order.lineAmount : order.amount);

/** One order in a list: number, status, customer, salesperson, amount and the time that decides its period. */
export function OrderCard({ order }: { order: OrderCardOrder }) {
  const time = orderCardTime(order);
  const refund = isLine(order) && order.line === 'refund';
  return (
    <TapCard
      onTap={() => nav.navigateTo(routeUrl('orderDetails', { id: order.id }))}
      testId="order-item"
      label={`${refund ? '退款 ' : ''}订单 ${order.orderNo}`}>
      <div className="card__row">
        <span className="order-no">{order.orderNo}</span>
        <OrderStatusTag status={order.status} />
      </div>
      <div className="card__row">
        <span className="card__title">{order.customer.name}</span>
        <Money value={orderCardAmount(order)} className="amount" testId="order-amount" />
      </div>
      <div className="card__row card__meta">
        <span>业务员：{order.staff?.username ?? '未分配'}</span>
        <span data-testid="order-time">
          {time.label} {formatDateTime(time.at)}
        </span>
      </div>
    </TapCard>
  );
}
