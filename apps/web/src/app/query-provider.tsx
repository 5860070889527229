import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore, type ComponentType } from 'react';
import { useSession } from '../features/auth/session-store';
import { useNetworkStatus } from '../lib/network-status';
import { queryClient } from '../lib/query-client';
import { persistQueries, restoreQueries } from '../lib/query-persistence';
// A press on an entry starts the next page and its first call (lib/route-intent.ts): with the query client.
import './route-prefetch';

/**
 * What the user last saw is kept on the phone (lib/query-persistence.ts) and shown when the network
 * is gone: at start when it already is (the pages wait for it rather than fail), or as soon as it
 * goes. Online the pages ask the server as always.
 */
let restoring = false;
const restoringListeners = new Set<() => void>();
const setRestoring = (next: boolean) => {
  restoring = next;
  for (const listener of restoringListeners) listener();
};
const restore = () => restoreQueries(queryClient, useSession.getState().userId);

persistQueries(queryClient, () => useSession.getState().userId);
if (useNetworkStatus.getState().offline) {
  setRestoring(true);
  void restore().finally(() => setRestoring(false));
}
useNetworkStatus.subscribe((state, previous) => {
  if (state.offline && !previous.offline) void restore();
});

const subscribeRestoring = (listener: () => void) => {
  restoringListeners.add(listener);
  return () => restoringListeners.delete(listener);
};
const isRestoring = () => restoring;

/**
 * A page inside the query client's provider. Every page but login is loaded through this (router.tsx),
 * so TanStack Query arrives with the first page that reads data rather than with the app's entry.
 */
export function withQueries(Page: ComponentType): ComponentType {
  function QueryPage() {
    // While the saved answers are read back, the page's queries wait instead of failing offline.
    // (The server snapshot too: the build renders the customer list with it, app/prerender/list-markup.tsx.)
    const waiting = useSyncExternalStore(subscribeRestoring, isRestoring, isRestoring);
    return (
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={waiting}>
          <Page />
        </IsRestoringProvider>
      </QueryClientProvider>
    );
  }
  QueryPage.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return QueryPage;
}
