import type { ReactNode } from 'react';
import { RecordErrorState } from '../../../components/list-states';
import { routeUrl } from '../../../config/paths';
import { nav } from '../../../lib/navigation';
import { useCustomerDetail } from '../api/get-customer-detail';

/**
 * A one-line heading naming the customer whose orders these are, linking to the customer. What
 * goes below it shows only once the customer is known to be visible to the user.
 */
export function CustomerLine({ customerId, children }: { customerId: number; children?: ReactNode }) {
  const { data: customer, isError, error, refetch } = useCustomerDetail(customerId);
  if (!customer) return isError ? <RecordErrorState error={error} what="客户" onRetry={() => void refetch()} /> : null;
  return (
    <>
      <button type="button" className="context-line context-line--link" onClick={() => nav.navigateTo(routeUrl('customerDetails', { id: customerId }))} data-testid="customer-line">
        <span>
          客户：<strong>{customer.name}</strong>
        </span>
        <span className="muted">查看客户 ›</span>
      </button>
      {children}
    </>
  );
}
