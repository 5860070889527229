import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { routeUrl, type RouteName } from '../../config/paths';
import { queryClient } from '../../lib/query-client';
import { AppProvider } from '../provider';
import { AppRoutes } from '../router';
import { PaintedCopyRender } from '../shell/page-frame';

/**
 * A route as the app's first render shows it, with what the query cache holds now: the markup a
 * painter draws (build time only). The cache is emptied after: the render's queries (a page's
 * loading ones) would keep their timers, and the build, alive, and the next render starts from
 * what its caller puts there.
 */
export function renderRoute(name: RouteName): string {
  try {
    return renderToStaticMarkup(
      <PaintedCopyRender value>
        <AppProvider>
          <MemoryRouter initialEntries={[routeUrl(name)]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProvider>
      </PaintedCopyRender>,
    );
  } finally {
    queryClient.clear();
  }
}
