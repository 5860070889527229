import type { OrderStatus } from '@sales/contract';
import { Tag } from 'antd-mobile';
import { orderStatusTag } from '../order-status';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { label, color } = orderStatusTag(status);
  return (
    <Tag color={color} fill="outline" round data-testid="order-status" data-status={status}>
      {label}
    </Tag>
  );
}
