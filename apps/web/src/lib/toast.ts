import { TOAST_DURATION_MS } from '@sales/contract';
import { Toast } from 'antd-mobile';

/** The app's toast: 1500 ms (SPEC §9), one at a time. */
export function showToast(content: string, icon?: 'success' | 'fail' | 'loading'): void {
  Toast.show({ content, icon, duration: TOAST_DURATION_MS });
}
