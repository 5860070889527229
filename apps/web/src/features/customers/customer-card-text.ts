import { formatMoney, type CustomerSummary } from '@sales/contract';
import { formatDate } from '../../lib/format';

/** The texts of a customer's card (components/customer-card.tsx), shared with the list's painter (app/prerender/list-painter.ts). */
export interface CustomerCardText {
  name: string;
  contact: string;
  owner: string;
  amount: string;
  lastOrder: string;
}

export function customerCardText(customer: CustomerSummary): CustomerCardText {
  return {
    name: customer.name,
    contact: customer.contactName || '—',
    owner: customer.owner?.username ?? '未绑定',
    amount: formatMoney(customer.totalAmount),
    lastOrder: customer.lastOrderAt ? `最近下单 ${formatDate(customer.lastOrderAt)}` : '暂无订单',
  };
}
