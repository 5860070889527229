import { createContext, lazy, Suspense, useContext, useEffect, type ReactNode } from 'react';
import type { RouteMeta } from '../../config/paths';
import { showsSiteBadge } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { prefetchNextRoutes } from '../next-routes';
import { NavBar } from './nav-bar';

const APP_NAME = '销售助手';

// Only signed-in pages show the tab bar and the site badge (with its action sheet): they load
// with the first page that shows them, so the login page's first load does not carry them.
const TabBar = lazy(() => import('./tab-bar').then((module) => ({ default: module.TabBar })));
const SiteBadge = lazy(() => import('../../features/site/components/site-badge').then((module) => ({ default: module.SiteBadge })));

/**
 * True inside a painted copy's build-time render (app/prerender/render-route.tsx). A copy leaves the
 * site badge out, whether or not its lazy file happens to be loaded by then: a copy has no site name
 * to put in it, and the badge places itself once the app has taken over.
 */
export const PaintedCopyRender = createContext(false);

/** Frames a page: title, nav bar (unless the page draws its own), site badge and tab bar. */
export function PageFrame({ route, children }: { route: RouteMeta; children: ReactNode }) {
  // Without a site (signed out, e.g. on the login page) the badge shows nothing: its chunk is not loaded.
  const hasSite = useSession((state) => state.currentSite !== null);
  const paintedCopy = useContext(PaintedCopyRender);
  useEffect(() => {
    document.title = route.title || APP_NAME;
  }, [route.title]);
  // Signed in, the files of the pages this one's taps open are fetched once it has settled (app/next-routes.ts).
  useEffect(() => (hasSite ? prefetchNextRoutes(route) : undefined), [hasSite, route]);

  return (
    <div className={`page${route.tab ? ' page--tab' : ''}`}>
      {!route.customNav && <NavBar title={route.title} back={!route.tab} />}
      <main className="page__body">{children}</main>
      {hasSite && !paintedCopy && showsSiteBadge(route) && (
        <Suspense fallback={null}>
          <SiteBadge />
        </Suspense>
      )}
      {route.tab && (
        <Suspense fallback={<div className="tab-bar tab-bar--placeholder" aria-hidden="true" />}>
          <TabBar route={route} />
        </Suspense>
      )}
    </div>
  );
}
