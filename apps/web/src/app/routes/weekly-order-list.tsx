import { REPORT_KIND_LABELS, type ReportKind } from '@sales/contract';
import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { PagedList } from '../../components/paged-list';
import { OrderCard } from '../../features/orders/components/order-card';
import { useReportOrders } from '../../features/reports/api/get-report-orders';
import { ReportOrdersHeader } from '../../features/reports/components/report-orders-header';
import { parseId } from '../../lib/query-params';

/**
 * 周报订单列表 (?id=, &kind=halfMonth for a half-month report's): the sales and refunds a report
 * counted, adding up to its figures.
 */
export default function WeeklyOrderListPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const kind: ReportKind = params.get('kind') === 'halfMonth' ? 'halfMonth' : 'weekly';
  const query = useReportOrders(kind, id ?? 0);
  if (!id) return <BadLinkState what={REPORT_KIND_LABELS[kind]} />;
  return (
    <PagedList
      query={query}
      empty={kind === 'weekly' ? '本周暂无成交订单' : '本期暂无成交订单'}
      header={(_total, first) => <ReportOrdersHeader first={first} />}
      renderItem={(line) => <OrderCard key={line.lineId} order={line} />}
      testId="weekly-orders"
    />
  );
}
