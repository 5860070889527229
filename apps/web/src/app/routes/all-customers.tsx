import { Button } from 'antd-mobile';
import { CustomerBrowser, CustomerOwnerFilter, type OwnerFilterProps } from '../../features/customers/components/customer-browser';
import { useSwitchSiteHint } from '../../features/site/components/switch-site-hint';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';
import { routeUrl, ROUTES } from '../../config/paths';
import { currentSiteId, useSession } from '../../features/auth/session-store';
import { customerListQueryOptions } from '../../features/customers/api/get-customer-list';
import { defaultCustomerQuery } from '../../features/customers/customer-filters';
import { nav } from '../../lib/navigation';
import { registerPaintTakeover } from '../../lib/painted-page';
import { queryClient } from '../../lib/query-client';

// The painted copy of the list (app/prerender/list-painter.ts) showed the first page of the default
// view: the app's first render reads it from the cache (the request layer takes the same answer).
registerPaintTakeover(ROUTES.allCustomers.path, () =>
  queryClient.prefetchInfiniteQuery(customerListQueryOptions(currentSiteId(), defaultCustomerQuery())),
);

/** The 负责人 filter of a leader's list, with the site's salespeople it reads itself. */
function OwnerFilter(props: OwnerFilterProps) {
  return <CustomerOwnerFilter {...props} salespeople={useStaffOptions(true) ?? []} />;
}

/** 客户列表: a salesperson's own customers, or every customer of the site for a leader; a way to the 公海. */
export default function AllCustomersPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const otherSites = useSwitchSiteHint('客户');
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
      <CustomerBrowser ownerFilter={isLeader ? OwnerFilter : undefined} exportable={isLeader} otherSites={otherSites} />
    </>
  );
}
