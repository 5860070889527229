import { ORDER_STATUS_LABELS, type OrderDetail, type OrderListBody, type OrderStatus } from '@sales/contract';

/** The status filter of the order lists: every status, one per tab, cancelled and refunded together. */
export type OrderStatusFilter = 'all' | NonNullable<OrderListBody['status']>;

export const ORDER_STATUS_TABS: readonly { key: OrderStatusFilter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: ORDER_STATUS_LABELS.pending },
  { key: 'paid', label: ORDER_STATUS_LABELS.paid },
  { key: 'shipped', label: ORDER_STATUS_LABELS.shipped },
  { key: 'completed', label: ORDER_STATUS_LABELS.completed },
  { key: 'closed', label: '已取消/退款' },
];

export function isOrderStatusFilter(value: string | null | undefined): value is OrderStatusFilter {
  return ORDER_STATUS_TABS.some((tab) => tab.key === value);
}

/** antd-mobile Tag colours: pending orange, paid the primary gold, shipped blue, completed green, cancelled grey, refunded red. */
const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'warning',
  paid: 'primary',
  shipped: 'var(--app-color-info)',
  completed: 'success',
  cancelled: 'default',
  refunded: 'danger',
};

export function orderStatusTag(status: OrderStatus): { label: string; color: string } {
  return { label: ORDER_STATUS_LABELS[status], color: STATUS_COLORS[status] };
}

export interface TimelineStep {
  key: 'created' | 'paid' | 'shipped' | 'completed' | 'cancelled' | 'refunded';
  label: string;
  time: string | null;
  /** finish: happened; wait: still to come; error: the order ended here. */
  state: 'finish' | 'wait' | 'error';
}

type TimelineSource = Pick<OrderDetail, 'status' | 'createdAt' | 'paidAt' | 'shippedAt' | 'completedAt' | 'cancelledAt' | 'refundedAt'>;

/**
 * The order's time line: created → paid → shipped → completed. An open order shows the steps
 * still to come; a cancelled or refunded one shows what happened and where it ended.
 */
export function orderTimeline(order: TimelineSource): TimelineStep[] {
  const flow: TimelineStep[] = [
    { key: 'created', label: '下单', time: order.createdAt, state: 'finish' },
    { key: 'paid', label: '付款', time: order.paidAt, state: order.paidAt ? 'finish' : 'wait' },
    { key: 'shipped', label: '发货', time: order.shippedAt, state: order.shippedAt ? 'finish' : 'wait' },
    { key: 'completed', label: '完成', time: order.completedAt, state: order.completedAt ? 'finish' : 'wait' },
  ];
  if (order.status === 'cancelled' || order.status === 'refunded') {
    const ending: TimelineStep =
      order.status === 'cancelled'
        ? { key: 'cancelled', label: '已取消', time: order.cancelledAt, state: 'error' }
        : { key: 'refunded', label: '已退款', time: order.refundedAt, state: 'error' };
    return [...flow.filter((step) => step.state === 'finish'), ending];
  }
  return flow;
}
