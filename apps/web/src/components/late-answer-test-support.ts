/**
 * For tests of a page whose second call answers after the page has drawn (a filter's options): the
 * answer reaches the components that read it as a query's answer does, through an external store.
 */
import { useSyncExternalStore } from 'react';

export function lateAnswer<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    /** Reads the answer in a component, and renders it again when the answer comes. */
    use: () => useSyncExternalStore(subscribe, get),
    /** The answer arrives (or, with `initial`, is taken back between tests). */
    answer(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A list query's first and only page, as a paged list reads it. */
export function onePageQuery<R>(list: R[]) {
  const page = { list, total: list.length, page: 1, pageSize: 20 };
  return { data: { pages: [page], pageParams: [1] }, isPending: false, isError: false, hasNextPage: false, refetch: async () => undefined, fetchNextPage: async () => ({}) };
}
