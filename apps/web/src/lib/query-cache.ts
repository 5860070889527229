import type { QueryClient } from '@tanstack/react-query';
import { useNetworkStatus } from './network-status';

/**
 * The query cache as the shell sees it. The query client itself (lib/query-client.ts) belongs to
 * the pages that read data and loads with the first of them, so the login page's first load does
 * not carry TanStack Query; until it has loaded there is nothing cached, and these do nothing.
 */
let client: QueryClient | null = null;
let setOnline: ((online: boolean) => void) | null = null;

/** `online` is TanStack Query's onlineManager.setOnline, passed in so this module stays light. */
export function registerQueryClient(next: QueryClient, online: (online: boolean) => void): void {
  client = next;
  setOnline = online;
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
  /** Asks again for the data of the pages on screen (重试 of the offline notice). */
  refetchActive(): Promise<void> {
    // A query started while offline waits, paused, for TanStack Query's own online signal; if that
    // was missed the list would stay loading after 重试, so the browser's state is told first.
    setOnline?.(navigator.onLine);
    return client ? client.refetchQueries({ type: 'active' }) : Promise.resolve();
  },
};
