// @vitest-environment node
import { ORDER_STATUSES } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { isOrderStatusFilter, ORDER_STATUS_TABS, orderStatusTag, orderTimeline } from './order-status';

describe('orderStatusTag', () => {
  it('names every status in Chinese with its colour', () => {
    expect(ORDER_STATUSES.map((status) => orderStatusTag(status))).toEqual([
      { label: '待付款', color: 'warning' },
      { label: '已付款', color: 'primary' },
      { label: '已发货', color: 'var(--app-color-info)' },
      { label: '已完成', color: 'success' },
      { label: '已取消', color: 'default' },
      { label: '已退款', color: 'danger' },
    ]);
  });
});

describe('ORDER_STATUS_TABS', () => {
  it('are 全部, the four open or done statuses, and cancelled with refunded as one tab', () => {
    expect(ORDER_STATUS_TABS.map((tab) => tab.label)).toEqual(['全部', '待付款', '已付款', '已发货', '已完成', '已取消/退款']);
    expect(ORDER_STATUS_TABS.at(-1)?.key).toBe('closed');
  });

  it('recognise only their own keys', () => {
    expect(isOrderStatusFilter('closed')).toBe(true);
    expect(isOrderStatusFilter('cancelled')).toBe(false);
    expect(isOrderStatusFilter(null)).toBe(false);
  });
});

describe('orderTimeline', () => {
  const base = { createdAt: '2025-01-01T02:00:00Z', paidAt: null, shippedAt: null, completedAt: null, cancelledAt: null, refundedAt: null };

  it('shows the steps still to come for an open order', () => {
    const steps = orderTimeline({ ...base, status: 'paid', paidAt: '2025-01-01T03:00:00Z' });
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['下单', 'finish'],
      ['付款', 'finish'],
      ['发货', 'wait'],
      ['完成', 'wait'],
    ]);
  });

  it('ends a cancelled order at 已取消 after what happened before', () => {
    const steps = orderTimeline({ ...base, status: 'cancelled', cancelledAt: '2025-01-02T00:00:00Z' });
    expect(steps.map((step) => [step.key, step.state, step.time])).toEqual([
      ['created', 'finish', base.createdAt],
      ['cancelled', 'error', '2025-01-02T00:00:00Z'],
    ]);
  });

  it('ends a refunded order at 已退款 after payment and shipping', () => {
    const steps = orderTimeline({ ...base, status: 'refunded', paidAt: '2025-01-01T03:00:00Z', shippedAt: '2025-01-02T03:00:00Z', refundedAt: '2025-01-05T03:00:00Z' });
    expect(steps.map((step) => step.label)).toEqual(['下单', '付款', '发货', '已退款']);
    expect(steps.at(-1)?.state).toBe('error');
  });

  it('marks every step done for a completed order', () => {
    const steps = orderTimeline({ ...base, status: 'completed', paidAt: 'a', shippedAt: 'b', completedAt: 'c' });
    expect(steps.every((step) => step.state === 'finish')).toBe(true);
  });
});
