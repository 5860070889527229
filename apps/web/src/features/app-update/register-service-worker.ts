import { useAppUpdate } from './app-update-store';

/** The worker vite-plugin-pwa writes (vite.config.ts: `filename`), at the app's root. */
const SERVICE_WORKER_URL = './sw.js';

/**
 * Registers the service worker of the production build (vite-plugin-pwa, workbox `generateSW`). A
 * new version installs in the background and waits; 关于 → 检查更新 shows it and reloads into it.
 *
 * The browser's own API rather than workbox-window (`virtual:pwa-register`): the app needs three
 * things of it — a waiting worker, the message that activates it, the reload once it controls the
 * page — and the library was 2.8 KB gzip of every first load for them.
 */
export async function registerServiceWorker(): Promise<void> {
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: './' });
  } catch {
    // No worker (private mode, an old browser): the app works online as before.
    return;
  }
  // Undefined where workers are blocked without an error (Playwright's `serviceWorkers: 'block'`).
  if (registration) watchForUpdates(registration);
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // Activates the waiting version (the generated worker calls skipWaiting on this message) and
  // reloads once it controls the page.
  const apply = async () => {
    const waiting = registration.waiting;
    if (!waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  // A version that was already waiting counts at once (registered() reads registration.waiting).
  useAppUpdate.getState().registered(registration, apply);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // Installed and waiting while the previous version controls the page. The first install
      // (nothing controls the page) activates at once and waits for nothing.
      if (installing.state === 'installed' && registration.waiting === installing && navigator.serviceWorker.controller) {
        useAppUpdate.getState().updateReady();
      }
    });
  });
}
