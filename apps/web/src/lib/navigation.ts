import type { UNSAFE_createHashHistory } from 'react-router';

export type NavigationKind = 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch' | 'navigateBack';

export interface NavigationContext {
  kind: NavigationKind;
  /** Target URL ('/pages/my/index?x=1'); for navigateBack, the number of pages. */
  url: string;
}

/** Returns false to block the navigation, or a URL to go to instead. */
export type NavigationInterceptor = (context: NavigationContext) => boolean | string | undefined;

/** The app's hash history: the router renders from it (main.tsx) and every navigation goes through it. */
export type AppHistory = ReturnType<typeof UNSAFE_createHashHistory>;

let history: AppHistory | null = null;
const interceptors: NavigationInterceptor[] = [];

export function bindHistory(next: AppHistory): void {
  history = next;
}

/** Adds an interceptor; returns the function that removes it. */
export function addNavigationInterceptor(interceptor: NavigationInterceptor): () => void {
  interceptors.push(interceptor);
  return () => {
    const index = interceptors.indexOf(interceptor);
    if (index >= 0) interceptors.splice(index, 1);
  };
}

/** Runs the interceptors in order; null means blocked, otherwise the URL to go to. */
function intercept(kind: NavigationKind, url: string): string | null {
  let target = url;
  for (const interceptor of interceptors) {
    const verdict = interceptor({ kind, url: target });
    if (verdict === false) return null;
    if (typeof verdict === 'string') target = verdict;
  }
  return target;
}

function go(kind: NavigationKind, url: string, replace: boolean): boolean {
  if (!history) throw new Error('navigation used before the history was bound');
  const target = intercept(kind, url);
  if (target === null) return false;
  if (replace) history.replace(target);
  else history.push(target);
  return true;
}

/** Whether the browser history of this app holds more than the current page. */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** The navigation API of SPEC §2: each kind goes through the interceptors, which may block it. */
export const nav = {
  navigateTo: (url: string) => go('navigateTo', url, false),
  redirectTo: (url: string) => go('redirectTo', url, true),
  switchTab: (url: string) => go('switchTab', url, true),
  reLaunch: (url: string) => go('reLaunch', url, true),
  /** Back one page, or to '/' when the history holds only this one. */
  navigateBack(delta = 1): boolean {
    if (!history) throw new Error('navigation used before the history was bound');
    if (!canGoBack()) return go('navigateBack', '/', true);
    if (intercept('navigateBack', String(delta)) === null) return false;
    history.go(-delta);
    return true;
  },
};
