import * as ROUTES from '@sales/contract/routes';
import { call } from './api-client';

/**
 * Ends this browser's Web Push subscription, here and on the server, while the session still
 * stands: called before logout, so the next person signed in on this phone does not receive the
 * previous user's notices. Nothing to do where push is unsupported or was never turned on; a
 * failure never stops the logout.
 */
export async function endPushOnThisDevice(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    await call(ROUTES.noticePushUnsubscribe, { endpoint }, { hideErrorToast: true });
  } catch {
    // The server drops a subscription its push service refuses (404/410) on the next send.
  }
}
