import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * A page inside the query client's provider. Every page but login is loaded through this (router.tsx),
 * so TanStack Query arrives with the first page that reads data rather than with the app's entry.
 */
export function withQueries(Page: ComponentType): ComponentType {
  function QueryPage() {
    return (
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>
    );
  }
  QueryPage.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return QueryPage;
}
