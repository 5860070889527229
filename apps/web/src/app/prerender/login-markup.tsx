import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { routeUrl } from '../../config/paths';
import { AppProvider } from '../provider';
import { AppRoutes, preloadPage } from '../router';

/**
 * The login page as a signed-out visitor first sees it, rendered at build time into index.html
 * (scripts/prerender-login-plugin.ts): the page paints before any script has downloaded, and the
 * app, once loaded, renders the same markup in its place (main.tsx waits for the login page's
 * module so its first render is the page, not the loading view).
 */
export async function loginMarkup(): Promise<string> {
  await preloadPage('login');
  return renderToStaticMarkup(
    <AppProvider>
      <MemoryRouter initialEntries={[routeUrl('login')]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}
