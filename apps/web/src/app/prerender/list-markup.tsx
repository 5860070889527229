import { CUSTOMER_LEVELS, RETURN_URGENT_DAYS, type CustomerLevel, type CustomerSummary } from '@sales/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { currentSiteId, useSession } from '../../features/auth/session-store';
import { customerKeys } from '../../features/customers/api/query-keys';
import { CustomerCardView } from '../../features/customers/components/customer-card';
import type { CustomerCardText } from '../../features/customers/customer-card-text';
import { defaultCustomerQuery } from '../../features/customers/customer-filters';
import { PAGE_SIZE } from '../../lib/paging';
import { queryClient } from '../../lib/query-client';
import { preloadPage } from '../router';
import { renderRoute } from './render-route';
import { cardVariant, slot, type ListPaintMarkup } from './paint-slots';


const placeholderText: CustomerCardText = {
  name: slot('name'),
  contact: slot('contact'),
  owner: slot('owner'),
  amount: slot('amount'),
  lastOrder: slot('lastOrder'),
};

/** A customer of the build's sample page (its card is replaced by the painter's). */
const sample: CustomerSummary = {
  id: 1,
  siteId: 1,
  name: 'x',
  contactName: 'x',
  phone: '',
  level: 'A',
  owner: null,
  orderCount: 0,
  totalAmount: 0,
  lastOrderAt: null,
  createdAt: '2025-01-01 00:00:00',
  returnDaysLeft: null,
};

/**
 * The customer list as the app's first render shows it (the build stores a leader's session before
 * loading this module, scripts/prerender-login-plugin.ts) with its first page in the cache, rendered
 * at build time (scripts/prerender-login-plugin.ts) for the list's painter: the page with one
 * sample card, the total as a placeholder, and one card of each look (level × countdown) with
 * placeholders for its texts.
 */
export async function listMarkup(): Promise<ListPaintMarkup> {
  await preloadPage('allCustomers');
  const siteId = currentSiteId();
  if (siteId === null || !useSession.getState().currentSite?.isLeader) throw new Error('list-markup: render with a leader\'s session stored');
  const query = defaultCustomerQuery();
  queryClient.setQueryData(customerKeys.list(siteId, query), {
    pages: [{ list: [sample], total: slot('total') as unknown as number, page: 1, pageSize: PAGE_SIZE }],
    pageParams: [1],
  });
  const page = renderRoute('allCustomers');
  const cards: Record<string, string> = {};
  const daysOf = { none: null, urgent: RETURN_URGENT_DAYS - 1, calm: RETURN_URGENT_DAYS } as const;
  for (const level of CUSTOMER_LEVELS as readonly CustomerLevel[]) {
    for (const days of Object.values(daysOf)) {
      cards[cardVariant(level, days)] = renderToStaticMarkup(<CustomerCardView text={placeholderText} level={level} returnDaysLeft={days} onTap={() => undefined} />);
    }
  }
  return { page, cards };
}
