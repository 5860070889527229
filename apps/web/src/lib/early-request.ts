/**
 * Requests the app starts before the page that needs them has loaded, so a first load's data call
 * runs while the page's chunks download instead of after them (app/first-page-data.ts). The page's
 * query takes the answer once, if it asks within EARLY_REQUEST_TTL_MS; otherwise it asks again.
 */
const EARLY_REQUEST_TTL_MS = 10_000;

const started = new Map<string, { promise: Promise<unknown>; at: number }>();
/** Keys a page asked for before any early request of them: starting one then would ask twice. */
const askedFirst = new Set<string>();
const everStarted = new Set<string>();

export function startEarlyRequest<T>(key: string, run: () => Promise<T>): void {
  if (askedFirst.has(key)) return;
  everStarted.add(key);
  const promise = run();
  // Nobody may take it (the page changed): its failure must not surface as an unhandled rejection.
  // The page that takes it gets the failure through its own query.
  promise.catch(() => undefined);
  started.set(key, { promise, at: Date.now() });
}

/** The early request of this key, once; null when there is none or it is too old to use. */
export function takeEarlyRequest<T>(key: string): Promise<T> | null {
  const entry = started.get(key);
  if (!entry) {
    if (!everStarted.has(key)) askedFirst.add(key);
    return null;
  }
  started.delete(key);
  if (Date.now() - entry.at > EARLY_REQUEST_TTL_MS) return null;
  return entry.promise as Promise<T>;
}
