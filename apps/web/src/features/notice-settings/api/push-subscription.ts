import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';

/**
 * Web Push on this device: the browser's PushManager subscription with the server's VAPID key,
 * told to the server (/seller/notice/push/subscribe). Needs the app's service worker (registered
 * in production builds), Notification permission and a reachable push service — which many
 * phones in mainland China lack; 企业微信 is the main channel there.
 */
export type PushState =
  | { kind: 'unsupported'; why: string }
  | { kind: 'denied' }
  | { kind: 'off'; registration: ServiceWorkerRegistration }
  | { kind: 'on'; registration: ServiceWorkerRegistration; subscription: PushSubscription };

/** What this device can do, and whether it is subscribed now. */
export async function readPushState(): Promise<PushState> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return { kind: 'unsupported', why: '此浏览器不支持推送通知' };
  }
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return { kind: 'unsupported', why: '安装到主屏幕或用正式版本打开后可用' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const subscription = await registration.pushManager.getSubscription();
  return subscription ? { kind: 'on', registration, subscription } : { kind: 'off', registration };
}

/** The VAPID key as PushManager takes it (base64url text to bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const text = window.atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Asks for permission, subscribes this browser and tells the server; answers false when the user declines. */
export async function subscribePush(registration: ServiceWorkerRegistration, publicKey: string): Promise<boolean> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  await tellServer(subscription);
  return true;
}

/** Hands this browser's subscription to the server for the signed-in user (the same browser again is one subscription). */
export async function tellServer(subscription: PushSubscription, options: { hideErrorToast?: boolean } = {}): Promise<void> {
  const keys = subscription.toJSON().keys ?? {};
  await call(
    ROUTES.noticePushSubscribe,
    { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' }, expirationTime: subscription.expirationTime },
    options,
  );
}

/** Ends this browser's subscription here and on the server (one the server already dropped is fine). */
export async function unsubscribePush(subscription: PushSubscription): Promise<void> {
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  await call(ROUTES.noticePushUnsubscribe, { endpoint }, { hideErrorToast: true }).catch(() => undefined);
}
