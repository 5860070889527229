import { OrderBrowser } from '../../features/orders/components/order-browser';

/** 订单列表: the orders the user may see in the current site. */
export default function OrderListPage() {
  return <OrderBrowser />;
}
