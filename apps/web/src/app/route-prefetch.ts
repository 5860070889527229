import type { QueryClient } from '@tanstack/react-query';
import { findRoute, ROUTES, routeNameOf, type RouteMeta, type RouteName } from '../config/paths';
import { currentSiteId, useSession } from '../features/auth/session-store';
import { customerDetailQueryOptions } from '../features/customers/api/get-customer-detail';
import { personFiguresQueryOptions } from '../features/performance/api/get-person-figures';
import { parsePerformancePeriod } from '../features/performance/performance-period';
import { performanceSiteId } from '../features/performance/performance-site';
import { followUpDueQueryOptions } from '../features/todo/api/get-follow-up-due';
import { queryClient } from '../lib/query-client';
import { prefetchRouteFiles, whenIdle } from '../lib/prefetch-files';
import { parseId } from '../lib/query-params';
import { setRoutePrefetcher } from '../lib/route-intent';
import { preloadPage } from './router';

/**
 * What a press on an entry starts before its click (lib/route-intent.ts): the next page's module
 * (its files are usually in the HTTP cache already, app/next-routes.ts) and its first call, through
 * the very query options the page reads, so the page finds the answer (or the call in flight) in
 * the query client and does not ask again.
 */
type DataPrefetch = (params: URLSearchParams, client: QueryClient) => void;

const customerDetail: DataPrefetch = (params, client) => {
  const id = parseId(params.get('id'));
  const siteId = currentSiteId();
  if (id !== null && siteId !== null) void client.prefetchQuery(customerDetailQueryOptions(siteId, id));
};

export const ROUTE_DATA: Partial<Record<RouteName, DataPrefetch>> = {
  customerDetails: customerDetail,
  customerDetailsPage: customerDetail,
  salesPerformance: (params, client) => {
    const readsAllSites = useSession.getState().userInfo?.reportAllSites ?? false;
    const siteId = performanceSiteId(params, currentSiteId(), readsAllSites);
    if (siteId !== null) void client.prefetchQuery(personFiguresQueryOptions(siteId, parseId(params.get('staffId')), parsePerformancePeriod(params)));
  },
  todo: (_params, client) => {
    const siteId = currentSiteId();
    if (siteId !== null) void client.prefetchInfiniteQuery(followUpDueQueryOptions(siteId));
  },
};

/** The route name of an app URL's path ('/pages/my/todo'), or null. */
export function routeNameOfPath(pathname: string): RouteName | null {
  const route = findRoute(pathname);
  return (route && routeNameOf(route)) ?? null;
}

/**
 * Starts the first call of the page of `url` and the download of its files at once, and its module
 * when the main thread is next idle: on a phone that is the ~100 ms between touch and click;
 * evaluating the page's modules inside the tap's events would hold their next paint (INP), so when
 * the click follows at once the page's own load runs first, and finds its files on the way.
 */
export function prefetchPage(url: string, client: QueryClient = queryClient): void {
  const [pathname = '', search = ''] = url.split('?');
  const name = routeNameOfPath(pathname);
  if (!name || (ROUTES[name] as RouteMeta).public || !useSession.getState().token) return;
  ROUTE_DATA[name]?.(new URLSearchParams(search), client);
  // Its files, all at once (the build's route table): links only, nothing run in the tap's events.
  prefetchRouteFiles([ROUTES[name].path], true);
  whenIdle(() => void preloadPage(name).catch(() => undefined), 300);
}

setRoutePrefetcher((url) => prefetchPage(url));
