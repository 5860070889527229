import { useEffect, type ReactNode } from 'react';
import type { RouteMeta } from '../../config/paths';
import { showsSiteBadge } from '../../config/paths';
import { SiteBadge } from '../../features/site/components/site-badge';
import { NavBar } from './nav-bar';
import { TabBar } from './tab-bar';

const APP_NAME = '销售助手';

/** Frames a page: title, nav bar (unless the page draws its own), site badge and tab bar. */
export function PageFrame({ route, children }: { route: RouteMeta; children: ReactNode }) {
  useEffect(() => {
    document.title = route.title || APP_NAME;
  }, [route.title]);

  return (
    <div className={`page${route.tab ? ' page--tab' : ''}`}>
      {!route.customNav && <NavBar title={route.title} back={!route.tab} />}
      <main className="page__body">{children}</main>
      {showsSiteBadge(route) && <SiteBadge />}
      {route.tab && <TabBar route={route} />}
    </div>
  );
}
