/** The outbox on IndexedDB (plain API, so the service worker's script stays small). */
import type { OutboxItem, OutboxPhoto, OutboxSession, OutboxStore, PendingLogout } from './types';

const DB_NAME = 'sales-outbox';
const ITEMS = 'items';
const META = 'meta';
/** Photos waiting with their writes (version 2; the upgrade keeps the items and the session). */
const PHOTOS = 'photos';
const DB_VERSION = 2;
const SESSION_KEY = 'session';
/** Pending logouts sit in `meta` under this prefix and their token (no new store, no upgrade). */
const LOGOUT_PREFIX = 'logout:';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB 请求失败'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(ITEMS)) db.createObjectStore(ITEMS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      if (!db.objectStoreNames.contains(PHOTOS)) db.createObjectStore(PHOTOS, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB 打开失败'));
    };
  });
  return opening;
}

async function run<T>(store: string, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  const tx = db.transaction(store, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB 事务失败'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB 事务中止'));
  });
  const [result] = await Promise.all([promised(work(tx.objectStore(store))), done]);
  return result;
}

export const idbOutboxStore: OutboxStore = {
  async list() {
    const items = await run<OutboxItem[]>(ITEMS, 'readonly', (objects) => objects.getAll() as IDBRequest<OutboxItem[]>);
    return items.sort((a, b) => a.createdAt - b.createdAt);
  },
  async put(item) {
    await run(ITEMS, 'readwrite', (objects) => objects.put(item));
  },
  async remove(id) {
    await run(ITEMS, 'readwrite', (objects) => objects.delete(id));
  },
  async get(id) {
    return run<OutboxItem | undefined>(ITEMS, 'readonly', (objects) => objects.get(id) as IDBRequest<OutboxItem | undefined>);
  },
  async getSession() {
    const session = await run<OutboxSession | undefined>(META, 'readonly', (objects) => objects.get(SESSION_KEY) as IDBRequest<OutboxSession | undefined>);
    return session ?? null;
  },
  async setSession(session) {
    await run<unknown>(META, 'readwrite', (objects) => (session ? objects.put(session, SESSION_KEY) : objects.delete(SESSION_KEY)) as IDBRequest<unknown>);
  },
  async putPhoto(photo) {
    await run(PHOTOS, 'readwrite', (objects) => objects.put(photo));
  },
  async getPhoto(id) {
    return run<OutboxPhoto | undefined>(PHOTOS, 'readonly', (objects) => objects.get(id) as IDBRequest<OutboxPhoto | undefined>);
  },
  async removePhoto(id) {
    await run(PHOTOS, 'readwrite', (objects) => objects.delete(id));
  },
  async listPhotos() {
    return run<OutboxPhoto[]>(PHOTOS, 'readonly', (objects) => objects.getAll() as IDBRequest<OutboxPhoto[]>);
  },
  async listPendingLogouts() {
    const logouts = await run<PendingLogout[]>(META, 'readonly', (objects) => objects.getAll(IDBKeyRange.bound(LOGOUT_PREFIX, `${LOGOUT_PREFIX}\uffff`)) as IDBRequest<PendingLogout[]>);
    return logouts.sort((a, b) => a.createdAt - b.createdAt);
  },
  async addPendingLogout(logout) {
    await run(META, 'readwrite', (objects) => objects.put(logout, `${LOGOUT_PREFIX}${logout.token}`));
  },
  async removePendingLogout(token) {
    await run(META, 'readwrite', (objects) => objects.delete(`${LOGOUT_PREFIX}${token}`));
  },
};

/**
 * Other values the app keeps on the phone beside the outbox, in its `meta` store under their own
 * keys (the persisted query cache, lib/query-persistence.ts).
 */
export const idbMetaStore = {
  get<T>(key: string): Promise<T | undefined> {
    return run<T | undefined>(META, 'readonly', (objects) => objects.get(key) as IDBRequest<T | undefined>);
  },
  async put(key: string, value: unknown): Promise<void> {
    await run(META, 'readwrite', (objects) => objects.put(value, key));
  },
  async remove(key: string): Promise<void> {
    await run(META, 'readwrite', (objects) => objects.delete(key));
  },
};

/** A store in memory (unit tests). */
export function memoryOutboxStore(): OutboxStore {
  const items = new Map<string, OutboxItem>();
  const photos = new Map<string, OutboxPhoto>();
  const logouts = new Map<string, PendingLogout>();
  let session: OutboxSession | null = null;
  return {
    list: async () => [...items.values()].map((item) => ({ ...item })).sort((a, b) => a.createdAt - b.createdAt),
    put: async (item) => void items.set(item.id, { ...item }),
    remove: async (id) => void items.delete(id),
    get: async (id) => {
      const item = items.get(id);
      return item ? { ...item } : undefined;
    },
    getSession: async () => session,
    setSession: async (next) => void (session = next),
    putPhoto: async (photo) => void photos.set(photo.id, { ...photo }),
    getPhoto: async (id) => {
      const photo = photos.get(id);
      return photo ? { ...photo } : undefined;
    },
    removePhoto: async (id) => void photos.delete(id),
    listPhotos: async () => [...photos.values()].map((photo) => ({ ...photo })),
    listPendingLogouts: async () => [...logouts.values()].map((logout) => ({ ...logout })).sort((a, b) => a.createdAt - b.createdAt),
    addPendingLogout: async (logout) => void logouts.set(logout.token, { ...logout }),
    removePendingLogout: async (token) => void logouts.delete(token),
  };
}
