import type { ReportOrders } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportOrdersHeader } from './report-orders-header';

const page = (summary: ReportOrders['summary'], total: number): ReportOrders => ({ list: [], total, page: 1, pageSize: 20, summary, figuresAt: '2025-11-21T10:03:00.000Z' });

afterEach(cleanup);

describe("a report's order list header", () => {
  it("shows the report's 订单数 and amount (sales minus refunds), not the number of lines", () => {
    // 27 sales, 3 refunds: 30 lines, the report's 24 单 / 20,440.6元.
    render(<ReportOrdersHeader first={page({ count: 24, amount: 20_440.6, saleCount: 27, saleAmount: 24_794.7, refundCount: 3, refundAmount: 4_354.1 }, 30)} />);
    expect(screen.getByTestId('weekly-orders-count').textContent).toBe('24');
    expect(screen.getByTestId('weekly-orders-amount').textContent).toBe('20,440.6元');
    expect(screen.getByTestId('weekly-orders-breakdown').textContent).toBe('销售 27 笔 24,794.7元 · 退款 3 笔 -4,354.1元（按退款时间计入）');
  });

  it('has no breakdown without refunds', () => {
    render(<ReportOrdersHeader first={page({ count: 5, amount: 1_000, saleCount: 5, saleAmount: 1_000, refundCount: 0, refundAmount: 0 }, 5)} />);
    expect(screen.getByTestId('weekly-orders-total').textContent).toContain('共 5 笔 · 合计 1,000元');
    expect(screen.queryByTestId('weekly-orders-breakdown')).toBeNull();
  });
});
