import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { CustomerLine } from '../../features/customers/components/customer-line';
import { CustomerOrderBrowser } from '../../features/orders/components/customer-order-browser';
import { parseId } from '../../lib/query-params';

/** 客户订单 (?customerId=): one customer's orders. */
export default function CustomerOrderListPage() {
  const [params] = useSearchParams();
  const customerId = parseId(params.get('customerId') ?? params.get('id'));
  if (!customerId) return <BadLinkState what="客户" />;
  return (
    <CustomerLine customerId={customerId}>
      <CustomerOrderBrowser customerId={customerId} />
    </CustomerLine>
  );
}
