import { Tabs } from 'antd-mobile';
import { Money } from '../../components/money';
import { PagedList } from '../../components/paged-list';
import { OrderCard } from '../../features/orders/components/order-card';
import { useSalesDays, useSalesOrders, type DetailsPage, type SalesDayRow } from '../../features/performance/api/get-sales-details';
import { PerformanceToolbar } from '../../features/performance/components/performance-toolbar';
import { usePerformancePeriod } from '../../features/performance/performance-period';
import type { Period } from '../../lib/period';
import { useSearchState } from '../../lib/use-search-state';

type View = 'day' | 'order';
const readView = (params: URLSearchParams): View => (params.get('view') === 'order' ? 'order' : 'day');
const writeView = (view: View, params: URLSearchParams) => {
  if (view === 'order') params.set('view', 'order');
  else params.delete('view');
};

function Totals<T>({ page }: { page: DetailsPage<T> }) {
  return (
    <div className="list-total" data-testid="sales-details-total">
      <span>
        合计 <Money value={page.totals.orderAmount} testId="sales-details-amount" /> · {page.totals.orderCount} 单
      </span>
    </div>
  );
}

function DayList({ period }: { period: Period }) {
  const days = useSalesDays(period);
  return (
    <PagedList
      query={days}
      empty="这段时间没有销售"
      testId="sales-days"
      header={(_total, first) => <Totals page={first} />}
      renderItem={(day: SalesDayRow) => (
        <div className="card" key={day.id} data-testid="sales-day">
          <div className="card__row">
            <span className="card__title">{day.date}</span>
            <Money value={day.orderAmount} className="amount" />
          </div>
          <div className="card__row card__meta">
            <span>{day.orderCount} 单</span>
            {day.refundCount > 0 && (
              <span>
                退款 {day.refundCount} 单 · <Money value={day.refundAmount} />
              </span>
            )}
          </div>
        </div>
      )}
    />
  );
}

/** 按订单: the sales and refunds the totals count, each at the time that puts it in the period; they add up to the totals. */
function OrderList({ period }: { period: Period }) {
  const orders = useSalesOrders(period);
  return (
    <PagedList
      query={orders}
      empty="这段时间没有销售订单"
      testId="sales-orders"
      header={(_total, first) => <Totals page={first} />}
      renderItem={(line) => <OrderCard key={line.lineId} order={line} />}
    />
  );
}

/** 部门销售明细: the site's sales of the period day by day, or order by order. */
export default function DepartmentalSalesDetailsPage() {
  const [period] = usePerformancePeriod();
  const [view, setView] = useSearchState(readView, writeView);
  return (
    <>
      <PerformanceToolbar>
        <Tabs className="status-tabs" activeKey={view} onChange={(key) => setView(key === 'order' ? 'order' : 'day')} data-testid="sales-details-tabs">
          <Tabs.Tab key="day" title="按日" />
          <Tabs.Tab key="order" title="按订单" />
        </Tabs>
      </PerformanceToolbar>
      {view === 'day' ? <DayList period={period} /> : <OrderList period={period} />}
    </>
  );
}
