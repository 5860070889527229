import { CustomerBrowser } from '../../features/customers/components/customer-browser';
import { useSession } from '../../features/auth/session-store';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';

/** 客户列表: a salesperson's own customers, or every customer of the site for a leader. */
export default function AllCustomersPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const ownerOptions = useStaffOptions(isLeader);
  return <CustomerBrowser ownerOptions={ownerOptions} exportable={isLeader} />;
}
