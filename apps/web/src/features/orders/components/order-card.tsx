import type { OrderSummary, ReportOrderLine } from '@sales/contract';
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
 * The time a card shows, with its label. A line of a list of sales and refunds (a report's orders,
 * 部门销售明细) shows the time that put it in the period: its paid time (付款) or its refunded time
 * (退款). An order of an order list shows its creation time (下单), the time every order list is
 * sorted by, newest first — a paid order's later paid time there read as out of order.
 */
export function orderCardTime(order: OrderCardOrder): { label: '付款' | '退款' | '下单'; at: string } {
  if (isLine(order)) return { label: order.line === 'refund' ? '退款' : '付款', at: order.at };
  return { label: '下单', at: order.createdAt };
}

/** What a card adds: a report line's signed amount (a refund negative), else the order's amount. */
export const orderCardAmount = (order: OrderCardOrder): number => (isLine(order) ? order.lineAmount : order.amount);

/** One order in a list: number, status, customer, salesperson, amount and its time (see orderCardTime). */
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
