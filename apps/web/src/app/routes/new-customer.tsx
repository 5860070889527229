import { useSession } from '../../features/auth/session-store';
import { NewCustomerForm } from '../../features/customers/components/new-customer-form';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';

/** 新建客户: a salesperson's new customer is theirs; a leader chooses its owner or the 公海 pool. */
export default function NewCustomerPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const ownerOptions = useStaffOptions(isLeader);
  return <NewCustomerForm ownerOptions={ownerOptions} />;
}
