import { BadLinkState } from '../../components/list-states';
import { OrderBrowser } from '../../features/orders/components/order-browser';
import { ResetStaffPasswordButton } from '../../features/account/components/reset-staff-password-button';
import { StaffCard } from '../../features/staff/components/staff-card';
import { useSalespersonId } from '../../features/staff/salesperson-staff-id';

/** 业务员 (order area, ?staffId=): the salesperson's card and their orders. */
export default function OrderSalespersonPage() {
  const staffId = useSalespersonId();
  if (!staffId) return <BadLinkState what="业务员" />;
  return (
    <StaffCard staffId={staffId}>
      <ResetStaffPasswordButton staffId={staffId} />
      <OrderBrowser scope={{ staffId }} />
    </StaffCard>
  );
}
