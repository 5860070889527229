import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { routeUrl, type RouteName } from '../../config/paths';
import { AppProvider } from '../provider';
import { AppRoutes } from '../router';

/** A route as the app's first render shows it, with what the query cache holds now: the markup a painter draws (build time only). */
export function renderRoute(name: RouteName): string {
  return renderToStaticMarkup(
    <AppProvider>
      <MemoryRouter initialEntries={[routeUrl(name)]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}
