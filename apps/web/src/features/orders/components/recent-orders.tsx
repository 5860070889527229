import { Button } from 'antd-mobile';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { nav } from '../../../lib/navigation';
import { flattenPages, type PageOf } from '../../../lib/paging';
import { useCustomerOrders } from '../api/get-customer-orders';
import { useOrderList } from '../api/get-order-list';
import type { OrderSummary } from '@sales/contract';
import { OrderCard } from './order-card';

const RECENT = 5;

interface RecentQuery {
  data: { pages: PageOf<OrderSummary>[] } | undefined;
  isError: boolean;
  refetch(): Promise<unknown>;
}

function RecentList({ query, moreUrl }: { query: RecentQuery; moreUrl: string }) {
  const first = query.data?.pages[0];
  if (!first) return query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : <CardSkeleton count={2} />;
  const rows = flattenPages(query.data?.pages).slice(0, RECENT);
  if (rows.length === 0) return <EmptyState title="暂无订单" />;
  return (
    <div className="recent-orders" data-testid="recent-orders">
      {rows.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      <div className="section">
        <Button
          block
          fill="outline"
          onClick={() => {
            nav.navigateTo(moreUrl);
          }}
          data-testid="recent-orders-more"
        >
          查看全部订单（{first.total}）
        </Button>
      </div>
    </div>
  );
}

/** A customer's latest orders and the way to all of them. */
export function CustomerRecentOrders({ customerId, moreUrl }: { customerId: number; moreUrl: string }) {
  const query = useCustomerOrders(customerId, 'all', RECENT);
  return <RecentList query={query} moreUrl={moreUrl} />;
}

/** A salesperson's latest orders and the way to all of them. */
export function StaffRecentOrders({ staffId, moreUrl }: { staffId: number; moreUrl: string }) {
  const query = useOrderList({ staffId }, RECENT);
  return <RecentList query={query} moreUrl={moreUrl} />;
}
