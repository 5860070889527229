import { OrderBrowser } from '../../features/orders/components/order-browser';
import { useSwitchSiteHint } from '../../features/site/components/switch-site-hint';

/** 订单列表: the orders the user may see in the current site. */
export default function OrderListPage() {
  return <OrderBrowser otherSites={useSwitchSiteHint('订单')} />;
}
