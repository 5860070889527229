/**
 * 公海客户's painter (issue 29; paint-core.ts says how a painter works): the rules bar (the page's
 * largest paint, from pool/rules) and the count and first cards (from pool/list), the route's two
 * early answers, drawn for the caller's role as the server gives it (领取 or a selection box, the
 * usage line). A card has no tap of its own, in the copy as in the app; 领取 and a leader's
 * selection box need the app: in the copy they do nothing, and their touch starts the app's load.
 *
 * Built by scripts/prerender-login-plugin.ts, which defines __POOL_PAINT__.
 */
import type { PoolPage, PoolRules } from '@sales/contract';
import { poolCardText, poolRulesText } from '../../features/pool/pool-text';
import { fillSlotsIn, fragment, paintedRow, showCopy, startPainter } from './paint-core';
import { poolCardLook, poolRoleLook, poolRulesLook, type PoolPaintMarkup } from './paint-slots';

declare const __POOL_PAINT__: PoolPaintMarkup;
// Read once: the build writes the markup where the name is used.
const MARKUP: PoolPaintMarkup = __POOL_PAINT__;

/** The cards drawn: more than a phone's first screen holds; the app draws the rest below them. */
const PAINTED_CARDS_MAX = 10;

startPainter<[PoolPage, PoolRules]>(([page, rules]) => {
  const role = poolRoleLook(rules);
  if (!role || !Array.isArray(page.list) || page.list.length === 0) return;
  const copy = fragment(MARKUP.pages[role]);
  const list = copy.querySelector('[data-testid=pool-list]');
  const sampleBar = copy.querySelector('[data-testid=pool-rules]');
  const barText = poolRulesText(rules);
  const bar = paintedRow(MARKUP.rules[poolRulesLook(barText)], { ...barText }, 0);
  if (!list || !sampleBar || !bar) return;
  sampleBar.replaceWith(bar);
  // The sample card and the footer of the infinite scroll (drawn by the app below the cards).
  for (const element of Array.from(list.querySelectorAll('[data-testid=pool-item], .adm-infinite-scroll'))) element.remove();
  fillSlotsIn(copy, { total: String(page.total) });
  page.list.slice(0, PAINTED_CARDS_MAX).forEach((customer, index) => {
    const text = poolCardText(customer);
    const card = paintedRow(MARKUP.cards[role][poolCardLook(customer.level, text.source)], { ...text }, index);
    if (card) list.appendChild(card);
  });
  showCopy(copy);
});
