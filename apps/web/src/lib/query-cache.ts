import type { QueryClient } from '@tanstack/react-query';
import { useNetworkStatus } from './network-status';

/**
 * The query cache as the shell sees it. The query client itself (lib/query-client.ts) belongs to
 * the pages that read data and loads with the first of them, so the login page's first load does
 * not carry TanStack Query; until it has loaded there is nothing cached, and these do nothing.
 */
let client: QueryClient | null = null;
let setOnline: ((online: boolean) => void) | null = null;
const shownDataListeners = new Set<() => void>();

/** `online` is TanStack Query's onlineManager.setOnline, passed in so this module stays light. */
export function registerQueryClient(next: QueryClient, online: (online: boolean) => void): void {
  client = next;
  setOnline = online;
  // Offline from the start (a reload without a network): the queries wait, showing what the phone
  // kept (query-persistence.ts), rather than fail at once.
  if (useNetworkStatus.getState().offline) online(false);
  next.getQueryCache().subscribe(() => {
    for (const listener of shownDataListeners) listener();
  });
  for (const listener of shownDataListeners) listener();
  // A call that got through ends the offline state even where the browser still says offline:
  // the queries paused for want of a network go on then too, not only on the online event.
  useNetworkStatus.subscribe((state, previous) => {
    if (previous.offline && !state.offline) online(true);
  });
}

export const queryCache = {
  /** Drops every cached answer (the session ended or the account changed). */
  clear(): void {
    client?.clear();
  },
  /**
   * Epoch ms of the oldest answer the pages on screen show (their active queries), or null when
   * they show none: offline, the notice says how old the data is.
   */
  shownSince(): number | null {
    let oldest: number | null = null;
    for (const query of client?.getQueryCache().getAll() ?? []) {
      if (!query.isActive() || query.state.data === undefined || query.state.dataUpdatedAt === 0) continue;
      oldest = oldest === null ? query.state.dataUpdatedAt : Math.min(oldest, query.state.dataUpdatedAt);
    }
    return oldest;
  },
  /** Calls `listener` whenever the cache changes (and when the query client arrives). */
  watch(listener: () => void): () => void {
    shownDataListeners.add(listener);
    return () => shownDataListeners.delete(listener);
  },
  /** Asks again for the data of the pages on screen (重试 of the offline notice). */
  refetchActive(): Promise<void> {
    // A query started while offline waits, paused, for TanStack Query's own online signal; if that
    // was missed the list would stay loading after 重试, so the browser's state is told first.
    setOnline?.(navigator.onLine);
    return client ? client.refetchQueries({ type: 'active' }) : Promise.resolve();
  },
};
