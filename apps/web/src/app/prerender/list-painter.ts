/**
 * The customer list's painter (issue 29; paint-core.ts says how a painter works). A tap on a painted
 * card opens the customer's page through the address, as the app would; the app loads on that page.
 *
 * Built by scripts/prerender-login-plugin.ts, which defines __LIST_PAINT__.
 */
import { returnCountdownLabel, STORAGE_KEYS, type CustomerSummary } from '@sales/contract';
import { routeUrl } from '../../config/paths';
import { customerCardText } from '../../features/customers/customer-card-text';
import { fillSlotsIn, fragment, openFromCopy, paintedRow, showCopy, startPainter, stored } from './paint-core';
import { cardVariant, type ListPaintMarkup } from './paint-slots';

declare const __LIST_PAINT__: ListPaintMarkup;
// Read once: the build writes the markup where the name is used.
const MARKUP: ListPaintMarkup = __LIST_PAINT__;

/**
 * The cards drawn: more than a phone's first screen holds. The app draws the rest below them when it
 * takes over, which moves nothing above.
 */
const PAINTED_CARDS_MAX = 10;

/** The controls a salesperson's list does not have (the build renders a leader's). */
const LEADER_ONLY = '[data-testid=customer-owner-filter], [data-testid=customer-export]';

interface ListPage {
  list: CustomerSummary[];
  total: number;
}

function card(customer: CustomerSummary, index: number): Element | null {
  const element = paintedRow(MARKUP.cards[cardVariant(customer.level, customer.returnDaysLeft)], { ...customerCardText(customer) }, index);
  if (!element) return null;
  const countdown = element.querySelector('[data-testid=return-countdown]');
  if (countdown && customer.returnDaysLeft !== null) countdown.textContent = returnCountdownLabel(Math.max(customer.returnDaysLeft, 0));
  element.setAttribute('data-customer-id', String(customer.id));
  return element;
}

startPainter<[ListPage]>(([page], state) => {
  if (!Array.isArray(page.list) || page.list.length === 0) return;
  const copy = fragment(MARKUP.page);
  const list = copy.querySelector('[data-testid=customer-list]');
  if (!list) return;
  if (stored<{ isLeader?: unknown }>(STORAGE_KEYS.currentSite)?.isLeader !== true) for (const element of Array.from(copy.querySelectorAll(LEADER_ONLY))) element.remove();
  // The sample card and the footer of the infinite scroll (drawn by the app below the cards).
  for (const element of Array.from(list.querySelectorAll('[data-testid=customer-item], .adm-infinite-scroll'))) element.remove();
  fillSlotsIn(copy, { total: String(page.total) });
  page.list.slice(0, PAINTED_CARDS_MAX).forEach((customer, index) => {
    const element = card(customer, index);
    if (element) list.appendChild(element);
  });
  list.addEventListener('click', (event) => {
    const tapped = event.target instanceof Element ? event.target.closest('[data-customer-id]') : null;
    if (tapped) openFromCopy(state, routeUrl('customerDetails', { id: Number(tapped.getAttribute('data-customer-id')) }));
  });
  showCopy(copy);
});
