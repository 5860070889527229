import { routeUrl } from '../../../config/paths';
import { nav } from '../../../lib/navigation';
import { useCustomerDetail } from '../api/get-customer-detail';

/** A one-line heading naming the customer whose orders these are, linking to the customer. */
export function CustomerLine({ customerId }: { customerId: number }) {
  const { data: customer } = useCustomerDetail(customerId);
  if (!customer) return null;
  return (
    <button type="button" className="context-line context-line--link" onClick={() => nav.navigateTo(routeUrl('customerDetails', { id: customerId }))} data-testid="customer-line">
      <span>
        客户：<strong>{customer.name}</strong>
      </span>
      <span className="muted">查看客户 ›</span>
    </button>
  );
}
