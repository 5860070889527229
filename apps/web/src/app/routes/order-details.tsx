import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { OrderDetailView } from '../../features/orders/components/order-detail-view';
import { parseId } from '../../lib/query-params';

/** 订单详情 (?id=). */
export default function OrderDetailsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="订单" />;
  return <OrderDetailView id={id} />;
}
