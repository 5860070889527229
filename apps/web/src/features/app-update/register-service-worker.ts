import { registerSW } from 'virtual:pwa-register';
import { useAppUpdate } from './app-update-store';

/**
 * Registers the service worker of the production build (vite-plugin-pwa, workbox). A new version
 * installs in the background and waits; 关于 → 检查更新 shows it and reloads into it.
 */
export function registerServiceWorker(): void {
  const applyUpdate = registerSW({
    onNeedRefresh: () => useAppUpdate.getState().updateReady(),
    onRegisteredSW: (_url, registration) => {
      if (registration) useAppUpdate.getState().registered(registration, () => applyUpdate(true));
    },
  });
}
