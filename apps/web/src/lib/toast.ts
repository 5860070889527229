import { TOAST_DURATION_MS } from '@sales/contract';
import type ToastApi from 'antd-mobile/es/components/toast';

// antd-mobile's imperative Toast brings its animation library (~25 KB gzip): it loads with the
// first toast instead of with the app, so the login page's first load does not carry it.
let toastModule: Promise<{ default: typeof ToastApi }> | null = null;

/** The app's toast: 1500 ms (SPEC §9), one at a time, in the order they were asked for. */
export function showToast(content: string, icon?: 'success' | 'fail' | 'loading'): void {
  toastModule ??= import('antd-mobile/es/components/toast');
  void toastModule.then(
    ({ default: Toast }) => {
      Toast.show({ content, icon, duration: TOAST_DURATION_MS });
    },
    () => {
      // The chunk could not load (offline): forget the failure so the next toast tries again.
      toastModule = null;
    },
  );
}
