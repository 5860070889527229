import { ROUTES, routeNameOf, type RouteMeta, type RouteName } from '../config/paths';
import { prefetchRouteFiles, whenSettled } from '../lib/prefetch-files';

/**
 * From a page, the pages its taps most likely open: their files are prefetched once the page has
 * loaded and the network has been quiet a while, or at the first touch (lib/prefetch-files.ts), so the tap waits for no download. Kept
 * to the entries people use most (issue 29's tap flows and their kin): every file prefetched is
 * bytes on a phone's plan.
 */
export const NEXT_ROUTES: Partial<Record<RouteName, RouteName[]>> = {
  entry: ['salesPerformance', 'allCustomers', 'todo'],
  home: ['salesPerformance', 'allCustomers', 'todo'],
  allCustomers: ['customerDetails'],
  customerPool: ['customerDetails'],
  todo: ['customerDetails'],
  my: ['todo'],
  weeklyReport: ['todo'],
};

/** The route paths of the pages likely opened from this one (none for a page without entries). */
export function nextRoutePaths(route: RouteMeta): string[] {
  const name = routeNameOf(route);
  return (name ? (NEXT_ROUTES[name] ?? []) : []).map((next) => ROUTES[next].path);
}

/** Prefetches the next pages' files of this page once it has settled (lib/prefetch-files.ts whenSettled); returns the cancel. */
export function prefetchNextRoutes(route: RouteMeta): () => void {
  const paths = nextRoutePaths(route);
  if (paths.length === 0) return () => undefined;
  return whenSettled(() => prefetchRouteFiles(paths));
}
