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

/** Whether the document fetched this file already or asked for it (a script, a preload or a prefetch). */
function known(url: string): boolean {
  if (performance.getEntriesByName(url).length > 0) return true;
  for (const element of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')) {
    if ((element instanceof HTMLLinkElement ? element.href : element.src) === url) return true;
  }
  return false;
}

/** Adds a prefetch link for each of these routes' files the page has not fetched; returns how many. */
export function prefetchRouteFiles(paths: readonly string[]): number {
  let added = 0;
  for (const url of filesOfRoutes(paths)) {
    if (known(url)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As the module loader will ask for it (index.html's scripts and preloads are crossorigin too).
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
    added += 1;
  }
  return added;
}

/** Runs `task` once the page has loaded and the main thread is idle. Returns a function that cancels it. */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let idle: number | null = null;
  const schedule = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => !cancelled && task(), { timeout: timeoutMs });
    else idle = window.setTimeout(() => !cancelled && task(), 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle !== null) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    }
  };
}
