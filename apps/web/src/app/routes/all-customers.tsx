import { Button } from 'antd-mobile';
import { CustomerBrowser } from '../../features/customers/components/customer-browser';
import { useSession } from '../../features/auth/session-store';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';
import { routeUrl } from '../../config/paths';
import { nav } from '../../lib/navigation';

/** 客户列表: a salesperson's own customers, or every customer of the site for a leader; a way to the 公海. */
export default function AllCustomersPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const ownerOptions = useStaffOptions(isLeader);
  return (
    <>
      <div className="list-actions">
        <button type="button" className="link-button" onClick={() => nav.navigateTo(routeUrl('customerPool'))} data-testid="customer-pool-link">
          公海客户 ›
        </button>
        <Button size="small" color="primary" onClick={() => void nav.navigateTo(routeUrl('newCustomer'))} data-testid="new-customer-open">
          新建客户
        </Button>
      </div>
      <CustomerBrowser ownerOptions={ownerOptions} exportable={isLeader} />
    </>
  );
}
