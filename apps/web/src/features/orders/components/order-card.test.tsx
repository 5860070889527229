import { orderLineId, type OrderSummary, type ReportOrderLine } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { OrderCard, orderCardTime } from './order-card';

const order: OrderSummary = {
  id: 7,
  orderNo: 'SO-7',
  siteId: 101,
  customer: { id: 3, name: '好邻居便利店' },
  staff: { id: 1, username: '张伟' },
  amount: 201,
  status: 'completed',
  createdAt: '2025-11-10T02:00:00.000Z',
  paidAt: '2025-11-10T03:00:00.000Z',
};
const line = (kind: 'sale' | 'refund', at: string): ReportOrderLine => ({ ...order, status: 'refunded', line: kind, lineId: orderLineId(kind, order.id), at, lineAmount: kind === 'refund' ? -201 : 201 });

afterEach(cleanup);

describe('the time on an order card', () => {
  it('is the paid time of a sale line, the refunded time of a refund line, and the creation time of an order in an order list', () => {
    expect(orderCardTime(order)).toEqual({ label: '下单', at: order.createdAt });
    expect(orderCardTime({ ...order, status: 'pending', paidAt: null })).toEqual({ label: '下单', at: order.createdAt });
    expect(orderCardTime({ ...order, status: 'cancelled' })).toEqual({ label: '下单', at: order.createdAt });
    expect(orderCardTime({ ...order, status: 'refunded' })).toEqual({ label: '下单', at: order.createdAt });
    expect(orderCardTime(line('sale', order.paidAt ?? ''))).toEqual({ label: '付款', at: order.paidAt });
    expect(orderCardTime(line('refund', '2025-11-12T05:00:00.000Z'))).toEqual({ label: '退款', at: '2025-11-12T05:00:00.000Z' });
  });

  it('is drawn with its label, and a refund line shows its negative amount', () => {
    render(<OrderCard order={line('refund', '2025-11-12T05:00:00.000Z')} />);
    expect(screen.getByTestId('order-time').textContent).toBe(`退款 ${formatDateTime('2025-11-12T05:00:00.000Z')}`);
    expect(screen.getByTestId('order-amount').textContent).toBe('-201元');
    cleanup();
    render(<OrderCard order={order} />);
    expect(screen.getByTestId('order-time').textContent).toBe(`下单 ${formatDateTime(order.createdAt)}`);
    expect(screen.getByTestId('order-amount').textContent).toBe('201元');
  });
});
