/**
 * The web unit tests run in vitest's vmForks pool (vitest.config.ts): each file in a VM context of
 * its own whose globals are jsdom's window, rather than jsdom's properties copied over Node's
 * globals. jsdom's Performance has only now() and timeOrigin; a browser's, like Node's, also has
 * the Performance Timeline's reads, which the prefetch code uses to ask what the document has
 * fetched. Here they read an empty timeline, as Node's does in a test: nothing fetched yet. They go
 * on the prototype, which the fake timers copy when they stand in for `performance`.
 */
const prototype = Object.getPrototypeOf(performance) as Partial<Pick<Performance, 'getEntries' | 'getEntriesByName' | 'getEntriesByType'>>;
const empty = (): PerformanceEntryList => [];
for (const name of ['getEntries', 'getEntriesByName', 'getEntriesByType'] as const) {
  if (typeof prototype[name] !== 'function') Object.defineProperty(prototype, name, { value: empty, configurable: true, writable: true });
}
