import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { StaffRecentOrders } from '../../features/orders/components/recent-orders';
import { StaffCard } from '../../features/staff/components/staff-card';
import { salespersonId } from './salesperson-staff-id';

/** 业务员 (weekly-report area, ?staffId=): the salesperson's card and recent orders (their reports join when that area ships). */
export default function WeeklySalespersonPage() {
  const [params] = useSearchParams();
  const ownId = useSession((state) => state.userId);
  const staffId = salespersonId(params.get('staffId'), ownId);
  if (!staffId) return <BadLinkState what="业务员" />;
  return (
    <>
      <StaffCard staffId={staffId} />
      <h2 className="section-title">最近订单</h2>
      <StaffRecentOrders staffId={staffId} moreUrl={routeUrl('employeeOrderList', { staffId })} />
    </>
  );
}
