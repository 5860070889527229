import { TOAST_DURATION_MS } from '@sales/contract';
import type ToastApi from 'antd-mobile/es/components/toast';

// antd-mobile's imperative Toast brings its animation library (~25 KB gzip) and the React 19 render
// hook (lib/antd-render.ts): they load with the first toast instead of with the app.
let toastModule: Promise<{ default: typeof ToastApi }> | null = null;

// The render hook first: the toast renders through it.
const loadToast = () => (toastModule ??= import('./antd-render').then(() => import('antd-mobile/es/components/toast')));

/**
 * Fetches the toast while the page is idle (app/start-outbox.ts, with a session): a write
 * queued without a network says so in a toast, and offline its file could no longer be fetched.
 */
export function preloadToast(): void {
  const load = () => void loadToast().catch(() => {
    toastModule = null;
  });
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3_000 });
  else setTimeout(load, 1_000);
}

/** The app's toast: 1500 ms (SPEC §9), one at a time, in the order they were asked for. */
export function showToast(content: string, icon?: 'success' | 'fail' | 'loading'): void {
  void loadToast().then(
    ({ default: Toast }) => {
      // The file arrived after the document went away (a unit test's window closed): nowhere to show it.
      if (typeof document === 'undefined') return;
      Toast.show({ content, icon, duration: TOAST_DURATION_MS });
    },
    () => {
      // The chunk could not load (offline): forget the failure so the next toast tries again.
      toastModule = null;
    },
  );
}
