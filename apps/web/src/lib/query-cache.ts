import type { QueryClient } from '@tanstack/react-query';

/**
 * The query cache as the shell sees it. The query client itself (lib/query-client.ts) belongs to
 * the pages that read data and loads with the first of them, so the login page's first load does
 * not carry TanStack Query; until it has loaded there is nothing cached, and these do nothing.
 */
let client: QueryClient | null = null;

export function registerQueryClient(next: QueryClient): void {
  client = next;
}

export const queryCache = {
  /** Drops every cached answer (the session ended or the account changed). */
  clear(): void {
    client?.clear();
  },
  /** Asks again for the data of the pages on screen (重试 of the offline notice). */
  refetchActive(): Promise<void> {
    return client ? client.refetchQueries({ type: 'active' }) : Promise.resolve();
  },
};
