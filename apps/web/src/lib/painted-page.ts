/**
 * A page painted from the early answer before the app has loaded (issue 29): index.html's inline
 * script (app/early-calls.ts) asks for the page's painter, a small file of its own, when the route
 * has one and a session is stored; the painter (app/prerender/list-painter.ts) draws the page from
 * the answer the inline script asked for, with the markup the build rendered from the app's own
 * components. The app then takes the page over (main.tsx): with the same answer in its cache, its
 * first render is the same page, drawn in place of the copy.
 */

/** Where the inline script leaves what the painter needs, and the painter and the app say what they did. */
export const PAINT_GLOBAL = '__salesPaint';
/** On <html> while the painted copy shows. */
export const BOOT_PAINT_CLASS = 'boot-paint';
/** On the painted copy's root elements (the app's render replaces them). */
export const PAINTED_ATTRIBUTE = 'data-painted';

export interface PaintState {
  /** The route's path (ROUTES) the copy is of. */
  route: string;
  /** The keys of the route's early calls in window[EARLY_CALLS_GLOBAL] (lib/early-response.ts), in the order of its table (app/early-calls.ts). */
  keys: string[];
  /** Set by the app when it renders without the copy: the painter must not paint after it. */
  stopped?: boolean;
  /** Set once the painter has painted or given up (its script failed, no answer to draw). */
  settled?: boolean;
  /** index.html's start script: loads the app (called once the painter settled). */
  onSettled?: () => void;
}

export function paintState(): PaintState | null {
  const state = (globalThis as Record<string, unknown>)[PAINT_GLOBAL];
  return state && typeof state === 'object' ? (state as PaintState) : null;
}

/**
 * The painter is done, painted or not: the app's files, held back so they do not share the
 * network with the answer, the painter and its stylesheets, may load now (index.html's start script).
 */
export function settlePainter(): void {
  const state = paintState();
  if (!state || state.settled) return;
  state.settled = true;
  state.onSettled?.();
}

/** The route path of the painted copy showing now, or null. */
export function paintedRoute(): string | null {
  const state = paintState();
  return state && !state.stopped && document.documentElement.classList.contains(BOOT_PAINT_CLASS) ? state.route : null;
}

/** The app renders on its own from now on: a painter still waiting for its answer paints nothing. */
export function stopPainter(): void {
  const state = paintState();
  if (state) state.stopped = true;
  document.documentElement.classList.remove(BOOT_PAINT_CLASS);
}

const takeovers = new Map<string, () => Promise<unknown>>();

/** A painted page's module registers what its first render needs to show the copy's data (its first page in the query cache). */
export function registerPaintTakeover(route: string, prepare: () => Promise<unknown>): void {
  takeovers.set(route, prepare);
}

/** Runs the route's registered preparation (none: resolves at once). */
export function preparePaintTakeover(route: string): Promise<unknown> {
  return takeovers.get(route)?.() ?? Promise.resolve();
}
