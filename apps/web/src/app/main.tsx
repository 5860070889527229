import { BUILD_TIME, STORAGE_KEYS } from '@sales/contract';
// antd-mobile by its modules, not its index: the index module is kept whole (it has side effects)
// and would tie the first load to the chunk of every component's shared code.
import 'antd-mobile/es/global';
import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { findRoute, routeNameOf, ROUTES } from '../config/paths';
import { endSession, loginUrl, refreshUserInfo } from '../features/auth/session';
import { currentSiteId, useSession } from '../features/auth/session-store';
import { configureApiClient } from '../lib/api-client';
import { bindHistory } from '../lib/navigation';
import { watchNetworkStatus } from '../lib/network-status';
import { queryCache } from '../lib/query-cache';
import { ensureDeviceId, writeStorage } from '../lib/storage';
import { installNavigationGuards } from './navigation-guards';
import { AppHistoryRouter } from './history-router';
import { AppProvider } from './provider';
import { dropPrerenderedLogin, keepPrerenderedInput, showsPrerenderedLogin } from '../lib/prerendered-login';
import { paintedRoute, preparePaintTakeover, stopPainter } from '../lib/painted-page';
import { runRouteScriptsInTurn } from '../lib/prefetch-files';
import { AppRoutes, createAppHistory, preloadPage } from './router';
import './styles.css';

writeStorage(STORAGE_KEYS.buildTime, BUILD_TIME);
ensureDeviceId();

watchNetworkStatus();

// The service worker (offline shell, updates) belongs to production builds only; it loads after
// the page so it never competes with the first load. index.html starts this script after the
// first paint, so the page may have finished loading already.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('../features/app-update/register-service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const history = createAppHistory();
bindHistory(history);
installNavigationGuards();

configureApiClient({
  getToken: () => useSession.getState().token,
  getSiteId: currentSiteId,
  onUnauthorized: () => {
    queryCache.clear();
    const { pathname, search } = history.location;
    endSession(`${pathname}${search}`);
  },
});

// Nothing of one user may show to another: when the account changes (or the session ends), every
// cached answer goes, so a second account on this device never sees the first one's lists.
useSession.subscribe((state, previous) => {
  if (state.userId !== previous.userId || state.token !== previous.token) queryCache.clear();
});

// Field writes that could not be sent wait in the outbox (待发送) and go when the network returns.
// Only a signed-in user has any to send: loaded with the session (at start or at sign-in), so the
// login page's first load does not carry it.
const startOutboxOnce = () => {
  stopWaitingForSession();
  void import('./start-outbox').then((module) => module.startAppOutbox());
};
const stopWaitingForSession = useSession.subscribe((state) => {
  if (state.token) startOutboxOnce();
});
if (useSession.getState().token) startOutboxOnce();
// A logout made without a network is sent when the connection returns, signed in or not (the
// outbox keeps its token for that call; signed in, the started outbox sends it too).
window.addEventListener('online', () => {
  if (!useSession.getState().token) void import('../lib/outbox/outbox-runtime').then((module) => module.sendPendingLogouts());
});

// A stored session refreshes its user info so sites and permissions are current.
if (useSession.getState().token) void refreshUserInfo({ hideErrorToast: true });

/** How long the app waits for a painted page's files before rendering without them. */
const PAINT_TAKEOVER_MAX_MS = 3000;

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
const root = createRoot(container);
const app = (
  <StrictMode>
    <AppProvider>
      <AppHistoryRouter history={history}>
        <AppRoutes />
      </AppHistoryRouter>
    </AppProvider>
  </StrictMode>
);
// index.html's inline script chose the login page from the address and the stored session when the
// HTML loaded; either may have changed since (a sign-in in another tab stores a session): chosen again.
const firstRoute = findRoute(history.location.pathname);
const loginFirst = firstRoute === ROUTES.login || (!useSession.getState().token && !firstRoute?.public);
if (!loginFirst) dropPrerenderedLogin();
// A page the painter drew from the early answer (lib/painted-page.ts) is taken over as it is; on any
// other load, a painter still waiting for its answer must not draw over the app.
const paintedName = !loginFirst && firstRoute && paintedRoute() === firstRoute.path ? routeNameOf(firstRoute) : undefined;
if (!paintedName) stopPainter();
if (showsPrerenderedLogin()) {
  // index.html shows the login page already (lib/prerendered-login.ts): keep what was typed into it,
  // go to login as the shell would (root-layout.tsx), and render once the page is loaded, so the
  // first render is the same page rather than the loading view.
  const { pathname, search } = history.location;
  if (firstRoute && firstRoute !== ROUTES.login) history.replace(loginUrl(`${pathname}${search}`));
  void preloadPage('login').finally(() => {
    // Read and replaced in one task: no key typed in between can fall between the two copies.
    keepPrerenderedInput(container);
    flushSync(() => root.render(app));
  });
} else if (paintedName) {
  // The copy shows the page's first answer, which has arrived: with the page's module loaded and that
  // answer in the query cache, the first render is the same page, drawn in one task over the copy
  // (no loading view, no skeleton in between). Bounded: a page whose files do not come renders as usual.
  const bound = new Promise<void>((resolve) => setTimeout(resolve, PAINT_TAKEOVER_MAX_MS));
  // The page's files run one a task first (runRouteScriptsInTurn): no one long task under the copy.
  const ready = runRouteScriptsInTurn(ROUTES[paintedName].path)
    .then(() => preloadPage(paintedName))
    .then(() => preparePaintTakeover(ROUTES[paintedName].path));
  void Promise.race([ready, bound])
    .catch(() => undefined)
    .then(() => {
      stopPainter();
      startTransition(() => root.render(app));
    });
} else {
  // A transition: the first render of a page yields to the browser every few milliseconds instead
  // of holding the main thread for its whole length (a phone's tap is answered meanwhile).
  startTransition(() => root.render(app));
}
