import { ROUTES } from '../../config/paths';
import { currentSiteId } from '../../features/auth/session-store';
import { poolListQueryOptions } from '../../features/pool/api/get-pool-list';
import { poolRulesQueryOptions } from '../../features/pool/api/get-pool-rules';
import { PoolBrowser } from '../../features/pool/components/pool-browser';
import { defaultPoolQuery } from '../../features/pool/pool-filters';
import { registerPaintTakeover } from '../../lib/painted-page';
import { queryClient } from '../../lib/query-client';

// The painted copy of 公海 (app/prerender/pool-painter.ts) showed the rules bar and the first page of
// the default view: the app's first render reads both from the cache (the request layer takes the
// same answers), so it draws the caller's role, the bar and the cards as the copy did.
registerPaintTakeover(ROUTES.customerPool.path, () => {
  const siteId = currentSiteId();
  return Promise.all([queryClient.prefetchInfiniteQuery(poolListQueryOptions(siteId, defaultPoolQuery())), queryClient.prefetchQuery(poolRulesQueryOptions(siteId))]);
});

/** 公海客户 (?keyword=, ?level=, ?lastOwner=): the current site's customers without an owner. */
export default function CustomerPoolPage() {
  return <PoolBrowser />;
}
