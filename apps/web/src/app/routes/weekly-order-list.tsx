import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { Money } from '../../components/money';
import { PagedList } from '../../components/paged-list';
import { OrderCard } from '../../features/orders/components/order-card';
import { useReportOrders } from '../../features/reports/api/get-report-orders';
import { parseId } from '../../lib/query-params';

/** 周报订单列表 (?id=): the sales a weekly report counted (paid in its week, by its author). */
export default function WeeklyOrderListPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const query = useReportOrders('weekly', id ?? 0);
  if (!id) return <BadLinkState what="周报" />;
  return (
    <PagedList
      query={query}
      empty="本周暂无成交订单"
      header={(total, first) => (
        <div className="list-total muted" data-testid="weekly-orders-total">
          共 {total} 笔 · 合计 <Money value={first.summary.amount} />
        </div>
      )}
      renderItem={(order) => <OrderCard key={order.id} order={order} />}
      testId="weekly-orders"
    />
  );
}
