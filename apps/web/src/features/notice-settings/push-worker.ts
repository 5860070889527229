/*
 * The service worker's Web Push handler, built on its own as dist/push-sw.js (vite.config.ts,
 * pushWorker) and loaded by the generated sw.js with importScripts. A classic script: no imports
 * or exports. A push shows the notice; a tap focuses an open app window on the notice's page, or
 * opens one.
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface PushWorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

(() => {
  const worker = self as unknown as PushWorkerScope;

  /** The app address of a notice's route: the app routes by hash (./#/pages/...). */
  const appUrl = (link: unknown): string => {
    const route = typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/';
    return new URL(`./#${route}`, worker.registration.scope).href;
  };

  worker.addEventListener('push', (event) => {
    let payload: { id?: unknown; title?: unknown; body?: unknown; link?: unknown } = {};
    try {
      const data = event.data?.json();
      if (data && typeof data === 'object') payload = data as typeof payload;
    } catch {
      // Not JSON: shown with the default title.
    }
    const title = typeof payload.title === 'string' && payload.title ? payload.title : '销售助手';
    event.waitUntil(
      worker.registration.showNotification(title, {
        body: typeof payload.body === 'string' ? payload.body : '',
        icon: new URL('./icon-192.png', worker.registration.scope).href,
        tag: typeof payload.id === 'number' ? `notice-${payload.id}` : undefined,
        data: { url: appUrl(payload.link) },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = typeof data?.url === 'string' ? data.url : appUrl('/');
    event.waitUntil(
      worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
        const open = windows.find((client) => client.url.startsWith(worker.registration.scope));
        if (open) {
          await open.focus();
          await open.navigate(url);
          return;
        }
        await worker.clients.openWindow(url);
      }),
    );
  });
})();
