import type { ReportOrders } from '@sales/contract';
import { Money } from '../../../components/money';
import { formatDateTime } from '../../../lib/format';

/**
 * The header of a report's order list: the net count and amount, which are the report's 订单数 and
 * amount, then what they are made of (sales, refunds booked on their refunded day) and the moment
 * the report's figures were taken.
 */
export function ReportOrdersHeader({ first }: { first: ReportOrders }) {
  const { summary } = first;
  return (
    // Three lines, one under the other (the list total is otherwise one row).
    <div className="list-total muted" style={{ flexDirection: 'column', alignItems: 'flex-start', gap: 2 }} data-testid="weekly-orders-total">
      <div>
        共 <span data-testid="weekly-orders-count">{summary.count}</span> 笔 · 合计 <Money value={summary.amount} testId="weekly-orders-amount" />
      </div>
      {summary.refundCount > 0 && (
        <div data-testid="weekly-orders-breakdown">
          销售 {summary.saleCount} 笔 <Money value={summary.saleAmount} /> · 退款 {summary.refundCount} 笔 <Money value={-summary.refundAmount} />（按退款时间计入）
        </div>
      )}
      <div>统计截至 {formatDateTime(first.figuresAt)}</div>
    </div>
  );
}
