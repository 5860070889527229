import { onlineManager, QueryClient } from '@tanstack/react-query';
import { registerQueryClient } from './query-cache';
import { PERSISTED_QUERIES_MAX_AGE_MS } from './query-persistence';

/** The app's one query client; it loads with the first page that reads data (see query-cache.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already tells the user what failed; a silent retry would toast twice.
    // Unused answers stay as long as the copy kept on the phone may be shown (query-persistence.ts),
    // so the copy still holds a page seen hours ago.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, gcTime: PERSISTED_QUERIES_MAX_AGE_MS },
    mutations: { retry: false },
  },
});

registerQueryClient(queryClient, (online) => onlineManager.setOnline(online));
