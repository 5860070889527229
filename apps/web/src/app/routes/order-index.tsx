import { RightOutline } from 'antd-mobile-icons';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { OrderBrowser } from '../../features/orders/components/order-browser';
import { nav } from '../../lib/navigation';

/** The 订单 tab: status tabs, date filter and order cards; leaders also reach 订单管理 (业务员筛选, 合计, 导出). */
export default function OrderIndexPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  return (
    <>
      {isLeader && (
        <button type="button" className="context-line context-line--link" onClick={() => nav.navigateTo(routeUrl('orderManagement'))} data-testid="order-management-entry">
          <span>按业务员筛选、查看合计与导出</span>
          <span className="muted">
            订单管理 <RightOutline />
          </span>
        </button>
      )}
      <OrderBrowser />
    </>
  );
}
