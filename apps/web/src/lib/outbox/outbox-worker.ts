/*
 * The service worker's outbox sender, bundled on its own as dist/outbox-sw.js (vite.config.ts,
 * outboxWorker) and loaded by the generated sw.js with importScripts. On a Background Sync
 * ('outbox', registered by the app when it queues a write) it sends the signed-in user's queue
 * from IndexedDB with the session the app left there, holding the same Web Lock as the app so
 * the two never send at once. Another user's items are never sent.
 */
import { APP_VERSION, PLATFORM } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { idbOutboxStore } from './idb-store';
import { drainOutbox, sendItem, sendPhoto } from './sender';

interface SyncEventLike extends Event {
  tag: string;
  waitUntil(promise: Promise<unknown>): void;
}
interface OutboxWorkerScope {
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ postMessage(message: unknown): void }[]> };
  navigator: { locks?: LockManager };
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
}

const worker = self as unknown as OutboxWorkerScope;

async function sendQueue(): Promise<void> {
  const session = await idbOutboxStore.getSession();
  if (!session) return;
  const drain = () =>
    drainOutbox({
      store: idbOutboxStore,
      session,
      // A logout (or another user signing in) in the app while this runs stops it.
      active: async () => (await idbOutboxStore.getSession())?.token === session.token,
      send: (item, token) => sendItem(item, token, { platform: PLATFORM, Version: APP_VERSION }),
      // Photos picked offline go first, each with its own key; their URLs replace the local references.
      uploadPhoto: (photo, token) => sendPhoto(photo, token, { platform: PLATFORM, Version: APP_VERSION }, ROUTES.uploadImage),
    });
  const locks = worker.navigator.locks;
  const result = locks ? await locks.request('outbox', drain) : await drain();
  // Open windows show what is left.
  for (const client of await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: 'outbox-changed' });
  // A network failure makes the browser try the sync again later.
  if (result.stopped === 'retry') throw new Error('outbox: network unavailable');
}

worker.addEventListener('sync', (event) => {
  if (event.tag === 'outbox') event.waitUntil(sendQueue());
});
