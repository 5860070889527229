import { useSession } from '../../features/auth/session-store';
import { OrderBrowser, OrderStaffFilter, type StaffFilterProps } from '../../features/orders/components/order-browser';
import { useSwitchSiteHint } from '../../features/site/components/switch-site-hint';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';

/** The 业务员 filter of a leader's orders, with the site's salespeople it reads itself. */
function StaffFilter(props: StaffFilterProps) {
  return <OrderStaffFilter {...props} salespeople={useStaffOptions(true) ?? []} />;
}

/** 订单管理: the order list with, for leaders, the salesperson filter, totals of the filtered set and CSV export. */
export default function OrderManagementPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const otherSites = useSwitchSiteHint('订单');
  return <OrderBrowser staffFilter={isLeader ? StaffFilter : undefined} showAmount={isLeader} exportable={isLeader} otherSites={otherSites} />;
}
