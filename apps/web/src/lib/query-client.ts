import { onlineManager, QueryClient } from '@tanstack/react-query';
import { registerQueryClient } from './query-cache';

/** The app's one query client; it loads with the first page that reads data (see query-cache.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already tells the user what failed; a silent retry would toast twice.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

registerQueryClient(queryClient, (online) => onlineManager.setOnline(online));
