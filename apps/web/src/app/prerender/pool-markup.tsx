import type { PoolCustomer, PoolPage, PoolRules } from '@sales/contract';
import { currentSiteId } from '../../features/auth/session-store';
import { poolKeys } from '../../features/pool/api/query-keys';
import { defaultPoolQuery } from '../../features/pool/pool-filters';
import { PAGE_SIZE } from '../../lib/paging';
import { queryClient } from '../../lib/query-client';
import { preloadPage } from '../router';
import { renderRoute } from './render-route';
import { slot, type PoolPaintMarkup, type PoolRoleLook } from './paint-slots';
import { poolRowsMarkup } from './pool-rows-markup';

/** A customer of the build's sample page (its card is replaced by the painter's). */
const sample: PoolCustomer = { id: 1, name: 'x', level: 'A', address: '', source: '', createdAt: '2025-01-01 00:00:00', lastOwner: null, leftAt: null, leftReason: null, leftNote: null };

/** Rules for the role (the page draws the role the server gives); the sample bar they draw is replaced by the painter's. */
const rulesFor = (role: PoolRoleLook): PoolRules => ({
  siteId: 1,
  ownLimit: null,
  dailyClaimLimit: null,
  reclaimBlockDays: null,
  noFollowUpDays: null,
  noOrderDays: null,
  warnDays: null,
  usage: null,
  canClaim: role === 'claim',
  canAssign: role === 'assign',
});

/** 公海 with its rules and first page in the cache, as the app's first render shows it for the role, with the count as a placeholder. */
function page(role: PoolRoleLook): string {
  const siteId = currentSiteId();
  queryClient.setQueryData(poolKeys.rules(siteId), rulesFor(role));
  queryClient.setQueryData<{ pages: PoolPage[]; pageParams: number[] }>(poolKeys.list(siteId, defaultPoolQuery()), {
    pages: [{ list: [sample], total: slot('total') as unknown as number, page: 1, pageSize: PAGE_SIZE }],
    pageParams: [1],
  });
  return renderRoute('customerPool');
}

/**
 * 公海 for its painter (pool-painter.ts), rendered at build time signed in
 * (scripts/prerender-login-plugin.ts): the page for a salesperson and for a leader, and the rules
 * bar's and the cards' looks with placeholders for their texts.
 */
export async function poolMarkup(): Promise<PoolPaintMarkup> {
  await preloadPage('customerPool');
  return { pages: { claim: page('claim'), assign: page('assign') }, ...poolRowsMarkup() };
}
