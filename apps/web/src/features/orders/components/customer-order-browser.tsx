import { Money } from '../../../components/money';
import { PagedList } from '../../../components/paged-list';
import { useSearchState } from '../../../lib/use-search-state';
import { useCustomerOrders } from '../api/get-customer-orders';
import { parseOrderFilters, writeOrderFilters } from '../order-filters';
import { OrderCard } from './order-card';
import { OrderStatusTabs } from './order-status-tabs';

/** One customer's orders, with the status tabs (kept in the query string like the other lists). */
export function CustomerOrderBrowser({ customerId }: { customerId: number }) {
  const [filters, setFilters] = useSearchState(parseOrderFilters, writeOrderFilters);
  const orders = useCustomerOrders(customerId, filters.status);
  return (
    <>
      <div className="list-toolbar">
        <OrderStatusTabs value={filters.status} onChange={(status) => setFilters({ ...filters, status })} />
      </div>
      <PagedList
        query={orders}
        empty="暂无订单"
        testId="order-list"
        renderItem={(order) => <OrderCard key={order.id} order={order} />}
        header={(_total, first) => (
          <div className="list-total">
            <span data-testid="order-total">
              共 {first.summary.count} 单 · 合计 <Money value={first.summary.amount} />
            </span>
          </div>
        )}
      />
    </>
  );
}
