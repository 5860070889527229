import { useSearchParams } from 'react-router';
import { parseId } from '../../lib/query-params';
import { useCurrentSiteId, useSession } from '../auth/session-store';

/**
 * The site a performance page reads: the current site, or for reportAllSites users (who read
 * every site's performance, DESIGN §4) the one picked on the page (`site` in the query string).
 * The server decides what the user may read; this only says which site to ask for.
 */
export function usePerformanceSiteId(): number | null {
  const [params] = useSearchParams();
  const currentSiteId = useCurrentSiteId();
  const readsAllSites = useSession((state) => state.userInfo?.reportAllSites ?? false);
  return performanceSiteId(params, currentSiteId, readsAllSites);
}

/** The same outside React: for a page's query string and the session's site and permission. */
export function performanceSiteId(params: URLSearchParams, currentSiteId: number | null, readsAllSites: boolean): number | null {
  const picked = readsAllSites ? parseId(params.get('site')) : null;
  return picked ?? currentSiteId;
}
