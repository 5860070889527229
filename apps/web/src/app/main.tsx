import { BUILD_TIME, STORAGE_KEYS } from '@sales/contract';
// antd-mobile by its modules, not its index: the index module is kept whole (it has side effects)
// and would tie the first load to the chunk of every component's shared code.
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { findRoute, isHomeRoute } from '../config/paths';
import { endSession, refreshUserInfo } from '../features/auth/session';
import { currentSiteId, useSession } from '../features/auth/session-store';
import { configureApiClient } from '../lib/api-client';
import { bindHistory } from '../lib/navigation';
import { watchNetworkStatus } from '../lib/network-status';
import { queryCache } from '../lib/query-cache';
import { ensureDeviceId, writeStorage } from '../lib/storage';
import { installNavigationGuards } from './navigation-guards';
import { AppProvider } from './provider';
import { AppRoutes, createAppHistory } from './router';
import './styles.css';

writeStorage(STORAGE_KEYS.buildTime, BUILD_TIME);
ensureDeviceId();

watchNetworkStatus();

// The service worker (offline shell, updates) belongs to production builds only; it loads after
// the page so it never competes with the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('../features/app-update/register-service-worker').then((module) => module.registerServiceWorker());
  });
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

// Field writes that could not be sent wait in the outbox (待发送) and go when the network returns;
// loaded apart so the first load does not carry it.
void import('../features/outbox/start').then((module) => module.startAppOutbox());

// A stored session refreshes its user info so sites and permissions are current.
if (useSession.getState().token) void refreshUserInfo({ hideErrorToast: true });
// A first load of home asks for its dashboard while home's chunks download (first-page-data.ts);
// the module loads only then, so other pages' first loads do not carry it.
if (useSession.getState().token && isHomeRoute(findRoute(history.location.pathname))) {
  void import('./first-page-data').then((module) => module.startFirstPageData());
}

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>
  </StrictMode>,
);
