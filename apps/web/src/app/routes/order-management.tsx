import { useSession } from '../../features/auth/session-store';
import { OrderBrowser } from '../../features/orders/components/order-browser';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';

/** 订单管理: the order list with, for leaders, the salesperson filter, totals of the filtered set and CSV export. */
export default function OrderManagementPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const staffOptions = useStaffOptions(isLeader);
  return <OrderBrowser staffOptions={staffOptions} showAmount={isLeader} exportable={isLeader} />;
}
