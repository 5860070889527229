import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * State kept in the page's query string (filters of a list), so going back to the page or
 * sharing its link restores it. `parse` and `write` must be stable (module-level) functions;
 * `write` changes only its own keys and leaves the page's other parameters alone.
 */
export function useSearchState<T>(parse: (params: URLSearchParams) => T, write: (value: T, params: URLSearchParams) => void): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const value = useMemo(() => parse(params), [params, parse]);
  const set = useCallback(
    (next: T) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          write(next, updated);
          return updated;
        },
        { replace: true },
      ),
    [setParams, write],
  );
  return [value, set];
}
