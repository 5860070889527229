/**
 * The next pages' files, fetched while the browser is idle without being run (`<link
 * rel="prefetch">`, idle priority): a tap then finds them in the HTTP cache instead of waiting for
 * one round trip per step of the page's import chain (issue 29, tap to paint).
 *
 * Which files a route needs is known to the build only: route-preload's table (scripts/
 * route-preload-plugin.ts), which index.html's start script leaves in window[ROUTE_FILES_GLOBAL].
 */

/** Where index.html's start script leaves the route table. */
export const ROUTE_FILES_GLOBAL = '__salesRouteFiles';

export interface RouteFiles {
  /** File names relative to `base`. */
  files: string[];
  /** Route path → indexes into `files`. */
  routes: Record<string, number[]>;
  /** The assets' folder, absolute. */
  base: string;
}

function routeFiles(): RouteFiles | null {
  const table = (globalThis as Record<string, unknown>)[ROUTE_FILES_GLOBAL] as RouteFiles | undefined;
  return table && Array.isArray(table.files) && table.routes && typeof table.base === 'string' ? table : null;
}

/** The absolute URLs of these routes' files (JS and CSS), each once. */
export function filesOfRoutes(paths: readonly string[], table: RouteFiles | null = routeFiles()): string[] {
  if (!table) return [];
  const urls = new Set<string>();
  for (const routePath of paths) {
    for (const index of table.routes[routePath] ?? []) {
      const file = table.files[index];
      if (file) urls.add(new URL(file, table.base).href);
    }
  }
  return [...urls];
}

/** The files the document's scripts and links (preloads, prefetches, stylesheets) ask for. */
function askedFor(): Set<string> {
  const urls = new Set<string>();
  for (const element of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')) {
    urls.add(element instanceof HTMLLinkElement ? element.href : element.src);
  }
  return urls;
}

/**
 * Adds a link for each of these routes' files the page has not fetched; returns how many. Idle
 * (`prefetch`) for the pages a tap may open; `now` for the page a press is about to open: each file
 * asked for at once and at the priority of the page's own (`modulepreload`, a style `preload`),
 * fetched but not run, instead of one import after another once the page's module has arrived.
 */
export function prefetchRouteFiles(paths: readonly string[], now = false): number {
  let added = 0;
  // Read once, not per file: a press runs this inside the tap's events.
  const asked = askedFor();
  // The table lists each file after its imports; asked for the other way round, the page's own
  // file goes in the first round of connections (a press's files are not run in turn).
  for (const url of filesOfRoutes(paths).reverse()) {
    // Fetched already, or asked for.
    if (asked.has(url) || performance.getEntriesByName(url).length > 0) continue;
    const link = document.createElement('link');
    if (!now) link.rel = 'prefetch';
    else if (url.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else link.rel = 'modulepreload';
    // As the module loader will ask for it (index.html's scripts and preloads are crossorigin too).
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
    added += 1;
  }
  return added;
}

/** Resolves in a later task: what comes after it runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs a route's scripts one file a task, in the table's order, before its page's module: an import
 * runs every module of its graph not run yet in one task, and a painted page's takeover imported
 * the page with all its files at once (70–190 ms of one task at 4× CPU, the first load's longest).
 * The table lists each file after the files it imports (route-preload-plugin's closure), so each
 * import runs that file alone. A file that fails to load is left to the page's own import, which
 * reports it. `load` is the module loader (tests give their own).
 */
export async function runRouteScriptsInTurn(
  routePath: string,
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
  table: RouteFiles | null = routeFiles(),
): Promise<void> {
  const scripts = filesOfRoutes([routePath], table).filter((url) => url.endsWith('.js'));
  for (const url of scripts) {
    await load(url).catch(() => undefined);
    await nextTask();
  }
}

/** Runs `task` when the main thread is next idle, within `timeoutMs` at the latest; returns the cancel. */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}

/**
 * How long the network must have been quiet after the load before the prefetch starts: a cold
 * load's measurement (Lighthouse stops its trace after a second of network and CPU quiet) must not
 * see these downloads, which it would count as the page's (more requests and bytes, a later LCP in
 * its simulation), and a phone's first load keeps its bandwidth for its own files and data.
 */
export const PREFETCH_QUIET_MS = 3000;
/** After the first interaction, the wait before the prefetch: the tapped page's own files go first. */
export const PREFETCH_AFTER_INTERACTION_MS = 500;

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'scroll'] as const;

/** When the last resource the page fetched arrived (performance.now() clock), 0 for none. */
function lastResourceEnd(): number {
  let last = 0;
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) last = Math.max(last, entry.responseEnd || entry.startTime);
  return last;
}

/**
 * Runs `task` once, when the browser is idle after the page has loaded and the network has been
 * quiet for PREFETCH_QUIET_MS, or shortly after the person first touches, types or scrolls,
 * whichever comes first. Returns a function that cancels it.
 */
export function whenSettled(task: () => void, quietMs = PREFETCH_QUIET_MS): () => void {
  let done = false;
  let timer: number | null = null;
  let idle: number | null = null;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    task();
  };
  const onIdle = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2000 });
    else run();
  };
  const waitForQuiet = () => {
    if (done) return;
    const quietFor = performance.now() - lastResourceEnd();
    if (quietFor >= quietMs) onIdle();
    else timer = window.setTimeout(waitForQuiet, quietMs - quietFor);
  };
  const onInteraction = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
    if (timer !== null) clearTimeout(timer);
    timer = window.setTimeout(onIdle, PREFETCH_AFTER_INTERACTION_MS);
  };
  function cancel() {
    window.removeEventListener('load', waitForQuiet);
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
    if (timer !== null) clearTimeout(timer);
    if (idle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  }
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  if (document.readyState === 'complete') waitForQuiet();
  else window.addEventListener('load', waitForQuiet, { once: true });
  return () => {
    done = true;
    cancel();
  };
}
