/**
 * The customer list's painter (issue 29): a classic script of its own that index.html's inline
 * script asks for on a cold load of the list with a session stored (app/early-calls.ts). It waits
 * for the answer the inline script asked for and the page's stylesheets, and draws the page into
 * #root from the markup the build rendered from the app's components (list-markup.tsx), every
 * text of the answer set as text. The app then takes the page over (main.tsx); a painter whose
 * answer comes after the app has rendered paints nothing. A tap on a painted card opens the
 * customer's page through the address, as the app would; the app loads on that page.
 *
 * Built by scripts/prerender-login-plugin.ts, which defines __LIST_PAINT__.
 */
import { returnCountdownLabel, STORAGE_KEYS, type CustomerSummary } from '@sales/contract';
import { routeUrl } from '../../config/paths';
import { customerCardText } from '../../features/customers/customer-card-text';
import { EARLY_CALLS_GLOBAL } from '../../lib/early-response';
import { BOOT_PAINT_CLASS, PAINTED_ATTRIBUTE, paintState, settlePainter } from '../../lib/painted-page';
import { BOOT_LOGIN_CLASS } from '../../lib/prerendered-login';
import { cardVariant, fillSlots, SLOT_PATTERN, type ListPaintMarkup } from './list-paint-slots';

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

const currentRoute = () => decodeURIComponent(location.hash.replace(/^#\/*/, '').split('?')[0] ?? '').replace(/\/+$/, '');

function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  // The build's markup (never the answer's texts, which go in as text below).
  template.innerHTML = html;
  return template.content;
}

/** Replaces the slots of every text node under `root` (the answer's texts are set as node values). */
function fillTexts(root: Node, values: Record<string, string>): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    SLOT_PATTERN.lastIndex = 0;
    if (SLOT_PATTERN.test(text)) node.nodeValue = fillSlots(text, values);
  }
}

/** One copy's ids kept apart from another's (the card's button is labelled by ids). */
function renameIds(root: Element, suffix: string): void {
  for (const element of Array.from(root.querySelectorAll('[id]'))) element.id += suffix;
  for (const element of Array.from(root.querySelectorAll('[aria-labelledby]'))) {
    element.setAttribute('aria-labelledby', (element.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => id + suffix).join(' '));
  }
}

const cardTemplates = new Map<string, Element | null>();

/** A copy of the card of this look, parsed once. */
function cardOfLook(look: string): Element | null {
  if (!cardTemplates.has(look)) {
    const markup = MARKUP.cards[look];
    cardTemplates.set(look, markup ? fragment(markup).firstElementChild : null);
  }
  const template = cardTemplates.get(look);
  return template ? (template.cloneNode(true) as Element) : null;
}

function card(customer: CustomerSummary, index: number): Element | null {
  const element = cardOfLook(cardVariant(customer.level, customer.returnDaysLeft));
  if (!element) return null;
  fillTexts(element, { ...customerCardText(customer) });
  const countdown = element.querySelector('[data-testid=return-countdown]');
  if (countdown && customer.returnDaysLeft !== null) countdown.textContent = returnCountdownLabel(Math.max(customer.returnDaysLeft, 0));
  renameIds(element, `-painted-${index}`);
  element.setAttribute('data-customer-id', String(customer.id));
  return element;
}

function isLeader(): boolean {
  try {
    const site = JSON.parse(localStorage.getItem(STORAGE_KEYS.currentSite) ?? 'null') as { isLeader?: unknown } | null;
    return site?.isLeader === true;
  } catch {
    return false;
  }
}

/** The copy's elements, put back to the loading view (a tap opened another page). */
function unpaint(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll(`[${PAINTED_ATTRIBUTE}]`))) element.remove();
  const shell = document.getElementById('boot-shell');
  if (shell) shell.style.display = '';
  document.documentElement.classList.remove(BOOT_PAINT_CLASS);
}

function paint(page: ListPage): void {
  const state = paintState();
  const root = document.getElementById('root');
  const shell = document.getElementById('boot-shell');
  const html = document.documentElement;
  if (!state || state.stopped || !root || !shell || html.classList.contains(BOOT_LOGIN_CLASS) || currentRoute() !== state.route) return;
  if (!Array.isArray(page.list) || page.list.length === 0) return;
  const copy = fragment(MARKUP.page);
  const list = copy.querySelector('[data-testid=customer-list]');
  if (!list) return;
  if (!isLeader()) for (const element of Array.from(copy.querySelectorAll(LEADER_ONLY))) element.remove();
  // The sample card and the footer of the infinite scroll (drawn by the app below the cards).
  for (const element of Array.from(list.querySelectorAll('[data-testid=customer-item], .adm-infinite-scroll'))) element.remove();
  fillTexts(copy, { total: String(page.total) });
  page.list.slice(0, PAINTED_CARDS_MAX).forEach((customer, index) => {
    const element = card(customer, index);
    if (element) list.appendChild(element);
  });
  const elements = Array.from(copy.children);
  for (const element of elements) element.setAttribute(PAINTED_ATTRIBUTE, '');
  list.addEventListener('click', (event) => {
    const tapped = event.target instanceof Element ? event.target.closest('[data-customer-id]') : null;
    if (!tapped) return;
    state.stopped = true;
    unpaint(root);
    location.hash = `#${routeUrl('customerDetails', { id: Number(tapped.getAttribute('data-customer-id')) })}`;
  });
  shell.style.display = 'none';
  root.appendChild(copy);
  html.classList.add(BOOT_PAINT_CLASS);
}

/** Resolves once every stylesheet the inline script added for the copy has loaded (or failed). */
function stylesLoaded(): Promise<void> {
  const links = Array.from(document.querySelectorAll<HTMLLinkElement>(`link[${PAINTED_ATTRIBUTE}]`));
  return Promise.all(
    links.map((link) =>
      link.sheet
        ? undefined
        : new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
    ),
  ).then(() => undefined);
}

(function start() {
  try {
    const state = paintState();
    const entries = (window as unknown as Record<string, Record<string, { response: Promise<Response> } | undefined> | undefined>)[EARLY_CALLS_GLOBAL];
    const entry = state ? entries?.[state.key] : undefined;
    if (!state || !entry) {
      settlePainter();
      return;
    }
    // A copy of the answer: the request layer reads the answer itself when the app asks for it.
    const page = entry.response.then((response) => (response.ok ? (response.clone().json() as Promise<{ code?: number; data?: ListPage }>) : null));
    void Promise.all([page, stylesLoaded()])
      .then(([body]) => {
        if (body?.code === 200 && body.data) paint(body.data);
      })
      .catch(() => undefined)
      // Painted or not, the app loads now: after the frame with the copy, which its scripts would
      // otherwise hold back while they run.
      .finally(() => requestAnimationFrame(() => setTimeout(settlePainter, 0)));
  } catch {
    // Anything unexpected: no copy, the app renders as it would.
    settlePainter();
  }
})();
