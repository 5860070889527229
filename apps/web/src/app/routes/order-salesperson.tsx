import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { useSession } from '../../features/auth/session-store';
import { OrderBrowser } from '../../features/orders/components/order-browser';
import { StaffCard } from '../../features/staff/components/staff-card';
import { salespersonId } from './salesperson-staff-id';

/** 业务员 (order area, ?staffId=): the salesperson's card and their orders. */
export default function OrderSalespersonPage() {
  const [params] = useSearchParams();
  const ownId = useSession((state) => state.userId);
  const staffId = salespersonId(params.get('staffId'), ownId);
  if (!staffId) return <BadLinkState what="业务员" />;
  return (
    <>
      <StaffCard staffId={staffId} />
      <OrderBrowser scope={{ staffId }} />
    </>
  );
}
