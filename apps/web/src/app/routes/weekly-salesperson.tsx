import { BadLinkState } from '../../components/list-states';
import { routeUrl } from '../../config/paths';
import { StaffRecentOrders } from '../../features/orders/components/recent-orders';
import { ResetStaffPasswordButton } from '../../features/account/components/reset-staff-password-button';
import { StaffCard } from '../../features/staff/components/staff-card';
import { useSalespersonId } from './salesperson-staff-id';

/** 业务员 (weekly-report area, ?staffId=): the salesperson's card and recent orders (their reports join when that area ships). */
export default function WeeklySalespersonPage() {
  const staffId = useSalespersonId();
  if (!staffId) return <BadLinkState what="业务员" />;
  return (
    <StaffCard staffId={staffId}>
      <ResetStaffPasswordButton staffId={staffId} />
      <h2 className="section-title">最近订单</h2>
      <StaffRecentOrders staffId={staffId} moreUrl={routeUrl('employeeOrderList', { staffId })} />
    </StaffCard>
  );
}
