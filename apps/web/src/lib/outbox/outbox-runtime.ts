/**
 * The outbox in the app: queue a write that could not be sent, send the queue when the network
 * returns (on `online`, at start, on a timer with back-off while open), and ask the service
 * worker for a Background Sync where the browser has one. Only the signed-in user's items are
 * listed or sent; another user's stay on the phone until that user signs in again.
 */
import { APP_VERSION, PLATFORM } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { create } from 'zustand';
import { useNetworkStatus } from '../network-status';
import { idbOutboxStore } from './idb-store';
import { isPhotoRef, LOCAL_PHOTO_PREFIX, ORPHAN_PHOTO_MS, photoIdsIn, photoRef } from './photos';
import { drainPendingLogouts, sendLogout } from './pending-logout';
import { drainOutbox, sendItem, sendPhoto, type DrainResult } from './sender';
import type { OutboxContext, OutboxItem, OutboxStore, SendOutcome } from './types';

export const OUTBOX_SYNC_TAG = 'outbox';
export const OUTBOX_LOCK = 'outbox';
/** Back-off of the timer while the app is open: 5 s, doubling, at most 2 min. */
const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 120_000;

interface OutboxView {
  /** The signed-in user's items, oldest first. */
  items: OutboxItem[];
  loaded: boolean;
}

export const useOutboxView = create<OutboxView>()(() => ({ items: [], loaded: false }));

let store: OutboxStore = idbOutboxStore;
const settledListeners = new Set<(item: OutboxItem, outcome: SendOutcome) => void>();

/** Tests swap the store. */
export function setOutboxStore(next: OutboxStore): void {
  store = next;
}

/** Called after an item was sent or refused (the feature invalidates its queries). */
export function onOutboxSettled(listener: (item: OutboxItem, outcome: SendOutcome) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** The session as the app keeps it (features/auth), passed in at start so lib stays the bottom layer. */
export interface OutboxHooks {
  getUser(): { userId: number; token: string } | null;
  getSiteId(): number | null;
  /** Calls `listener` when the signed-in user or their token changes. */
  onSessionChange(listener: () => void): void;
  /** Photo keys held outside the queue (a report draft's offline photos): never cleaned up. */
  keptPhotoIds?(): Iterable<string>;
}

let hooks: OutboxHooks = { getUser: () => null, getSiteId: () => null, onSessionChange: () => undefined };

function currentUser(): { userId: number; token: string } | null {
  return hooks.getUser();
}

/** The site of the tap (a queued write keeps it). */
export const outboxSiteId = (): number | null => hooks.getSiteId();

/** Tests and start-up set the session hooks. */
export function configureOutbox(next: OutboxHooks): void {
  hooks = next;
}

/** Reloads the view of the signed-in user's items. */
export async function refreshOutbox(): Promise<void> {
  const user = currentUser();
  try {
    const items = user ? (await store.list()).filter((item) => item.userId === user.userId) : [];
    useOutboxView.setState({ items, loaded: true });
  } catch {
    useOutboxView.setState({ items: [], loaded: true });
  }
}

/** Where the browser has it, the service worker sends the queue when the connection returns. */
async function registerBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (or not allowed): the app sends the queue itself while it is open.
  }
}

/** Puts a write in the queue (state 待发送) and tries to send it at once. */
export async function enqueue(entry: { id: string; path: string; body: unknown; context: OutboxContext; createdAt?: number }): Promise<OutboxItem> {
  const user = currentUser();
  if (!user) throw new Error('未登录，无法保存到待发送');
  const item: OutboxItem = { ...entry, userId: user.userId, createdAt: entry.createdAt ?? Date.now(), state: 'waiting' };
  await store.put(item);
  await refreshOutbox();
  void registerBackgroundSync();
  schedule(BACKOFF_FIRST_MS);
  return item;
}

/** Deletes an item of the signed-in user (删除 on the 待发送 page or in its place), and its photos. */
export async function deleteOutboxItem(id: string): Promise<void> {
  const user = currentUser();
  const item = await store.get(id);
  if (user && item && item.userId === user.userId) {
    await store.remove(id);
    for (const photo of new Set([...photoIdsIn(item.body), ...(item.photos ?? [])])) await store.removePhoto(photo);
  }
  await refreshOutbox();
}

/** Object URLs of the photos kept in this page's life, so the forms can show them (not stored). */
const previews = new Map<string, string>();

/**
 * Keeps a photo whose upload could not be sent, for the signed-in user, under its upload key;
 * answers its local reference (the form's URL). Throws where the phone cannot keep it.
 */
export async function keepPhoto(id: string, file: Blob, fileName: string): Promise<string> {
  const user = currentUser();
  if (!user) throw new Error('未登录，无法保存照片');
  await store.putPhoto({ id, userId: user.userId, blob: file, fileName, createdAt: Date.now() });
  const ref = photoRef(id);
  if (typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function') previews.set(ref, URL.createObjectURL(file));
  return ref;
}

/** What to show for an image URL: a kept photo's object URL for its local reference, else the URL itself. */
export function photoPreview(url: string): string {
  return previews.get(url) ?? url;
}

/**
 * Makes the previews of kept photos a page did not keep itself (a report draft reopened after a
 * reload): only the signed-in user's. Answers whether any was added (the form draws again).
 */
export async function loadPhotoPreviews(urls: readonly string[]): Promise<boolean> {
  const user = currentUser();
  if (!user || typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') return false;
  let added = false;
  for (const url of urls) {
    if (!isPhotoRef(url) || previews.has(url)) continue;
    try {
      const photo = await store.getPhoto(url.slice(LOCAL_PHOTO_PREFIX.length));
      if (photo && photo.userId === user.userId) {
        previews.set(url, URL.createObjectURL(photo.blob));
        added = true;
      }
    } catch {
      // No IndexedDB: the thumbnail stays empty; the photo is still sent if it is there.
    }
  }
  return added;
}

/**
 * Removes photos that neither a queued write nor a draft holds, kept more than a day ago (picked
 * offline, then the form was left).
 */
export async function cleanUpPhotos(now = Date.now()): Promise<void> {
  const held = new Set<string>(hooks.keptPhotoIds?.() ?? []);
  for (const item of await store.list()) for (const id of [...photoIdsIn(item.body), ...(item.photos ?? [])]) held.add(id);
  for (const photo of await store.listPhotos()) if (!held.has(photo.id) && now - photo.createdAt > ORPHAN_PHOTO_MS) await store.removePhoto(photo.id);
}

/** True when the signed-in user has writes that are still to be sent (a new one goes behind them). */
export function hasWaiting(): boolean {
  return useOutboxView.getState().items.some((item) => item.state !== 'failed');
}

/** Runs `work` holding the outbox lock (shared with the service worker) where the browser has Web Locks. */
function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return work();
  return locks.request(OUTBOX_LOCK, work) as Promise<T>;
}

let running: Promise<DrainResult | null> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let backoff = BACKOFF_FIRST_MS;

function schedule(delay: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void flushOutbox();
  }, delay);
}

/** Sends the signed-in user's queue now (立即发送, online, start, timer). */
export function flushOutbox(): Promise<DrainResult | null> {
  // Signed out: nothing to send (and no run is left behind that a later sign-in would wait on).
  const user = currentUser();
  if (!user) return Promise.resolve(null);
  running ??= (async () => {
    try {
      const result = await withLock(() =>
        drainOutbox({
          store,
          session: user,
          active: () => currentUser()?.token === user.token,
          uploadPhoto: async (photo, token) => {
            const outcome = await sendPhoto(photo, token, { platform: PLATFORM, Version: APP_VERSION }, ROUTES.uploadImage);
            if (outcome.kind !== 'retry') useNetworkStatus.getState().markOnline();
            return outcome;
          },
          send: async (item, token) => {
            const outcome = await sendItem(item, token, { platform: PLATFORM, Version: APP_VERSION });
            // An answer came through: the offline notice goes (as for any call, api-client.ts).
            if (outcome.kind !== 'retry') useNetworkStatus.getState().markOnline();
            return outcome;
          },
          onSettled: (item, outcome) => {
            for (const listener of settledListeners) listener(item, outcome);
          },
        }),
      );
      if (result.stopped === 'retry') {
        schedule(backoff);
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
      } else {
        backoff = BACKOFF_FIRST_MS;
      }
      return result;
    } catch {
      return null;
    } finally {
      running = null;
      await refreshOutbox();
    }
  })();
  return running;
}

let started = false;

/**
 * Starts the outbox once, at app start: keeps the signed-in user's {userId, token} in IndexedDB
 * for the service worker, follows sign-in / logout / a change of user, and sends on `online`.
 */
export function startOutbox(next: OutboxHooks): void {
  configureOutbox(next);
  if (started || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  started = true;
  const syncSession = async () => {
    const user = currentUser();
    try {
      await store.setSession(user);
    } catch {
      // IndexedDB unavailable (private mode): the app still sends while it is open.
    }
    await refreshOutbox();
    if (user) void flushOutbox();
  };
  void syncSession();
  void sendPendingLogouts();
  void cleanUpPhotos().catch(() => undefined);
  hooks.onSessionChange(() => void syncSession());
  window.addEventListener('online', () => {
    void flushOutbox();
    void sendPendingLogouts();
  });
  useNetworkStatus.subscribe((state, previous) => {
    if (previous.offline && !state.offline) {
      void flushOutbox();
      void sendPendingLogouts();
    }
  });
  // The service worker sent the queue (Background Sync): show what is left.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'outbox-changed') void refreshOutbox();
  });
}

/** Logout: the worker no longer has a session, so nothing more is sent for that user. */
export async function endOutboxSession(): Promise<void> {
  try {
    await store.setSession(null);
  } catch {
    // Nothing stored.
  }
  useOutboxView.setState({ items: [] });
}

/**
 * A logout the server could not be told of (no network): the session's token waits in the outbox's
 * store, for that call only, and the call goes when the connection returns (pending-logout.ts).
 */
export async function queueLogout(token: string, now = Date.now()): Promise<void> {
  try {
    await store.addPendingLogout({ token, createdAt: now });
  } catch {
    // No IndexedDB (private mode): the session ends on the server when it expires.
  }
}

let sendingLogouts: Promise<number> | null = null;

/** Sends the logouts that are waiting (online, at start, after a logout); answers how many are left. */
export function sendPendingLogouts(): Promise<number> {
  sendingLogouts ??= drainPendingLogouts(store, async (token) => {
    const outcome = await sendLogout(ROUTES.userLogout, token, { platform: PLATFORM, Version: APP_VERSION });
    if (outcome.kind !== 'retry') useNetworkStatus.getState().markOnline();
    return outcome;
  })
    .catch(() => 0)
    .finally(() => {
      sendingLogouts = null;
    });
  return sendingLogouts;
}
