/**
 * The query cache kept on the phone for a day (issue 25): what the signed-in user last saw —
 * customer pages, the customer list, 今日待办, the clock card, any page's data — so that offline,
 * even after a reload, a page shows it (marked 离线数据 by the offline notice) instead of 加载失败.
 * Saved in the outbox's IndexedDB (`meta`, one entry) with the user's id; restored only for that
 * user and only while the network is gone, dropped at logout and when another user signs in.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { idbMetaStore } from './outbox/idb-store';

/** How long a saved cache may be shown; the query client keeps unused data as long (query-client.ts). */
export const PERSISTED_QUERIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Saves are grouped: at most one a second while answers arrive. */
const SAVE_DELAY_MS = 1_000;
const KEY = 'query-cache';

export interface PersistedQueries {
  userId: number;
  /** Epoch ms of the save. */
  savedAt: number;
  state: DehydratedState;
}

export interface PersistedQueriesStore {
  read(): Promise<PersistedQueries | undefined>;
  write(saved: PersistedQueries): Promise<void>;
  remove(): Promise<void>;
}

const idbPersistedQueries: PersistedQueriesStore = {
  read: () => idbMetaStore.get<PersistedQueries>(KEY),
  write: (saved) => idbMetaStore.put(KEY, saved),
  remove: () => idbMetaStore.remove(KEY),
};

let store: PersistedQueriesStore = idbPersistedQueries;

/** Tests swap the store. */
export function setPersistedQueriesStore(next: PersistedQueriesStore): void {
  store = next;
}

/**
 * Puts the saved answers of this user back into the cache (never over newer ones). A save of
 * another user, or older than a day, is dropped instead. Answers whether anything was restored.
 */
export async function restoreQueries(client: QueryClient, userId: number | null, now = Date.now()): Promise<boolean> {
  try {
    const saved = await store.read();
    if (!saved) return false;
    if (userId === null || saved.userId !== userId || now - saved.savedAt > PERSISTED_QUERIES_MAX_AGE_MS) {
      await store.remove();
      return false;
    }
    hydrate(client, saved.state);
    return true;
  } catch {
    // No IndexedDB (private mode) or an unreadable entry: nothing to show offline.
    return false;
  }
}

/** Saves the cache's answers for this user now. */
export async function saveQueries(client: QueryClient, userId: number, now = Date.now()): Promise<void> {
  try {
    await store.write({ userId, savedAt: now, state: dehydrate(client) });
  } catch {
    // Not kept (no IndexedDB, or the phone is out of space): offline shows less.
  }
}

/**
 * Keeps the saved cache up to date with the signed-in user's answers while the app runs; answers
 * the function that stops it. Nothing is saved without a user.
 */
export function persistQueries(client: QueryClient, getUserId: () => number | null): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = client.getQueryCache().subscribe((event) => {
    const changed = event.type === 'added' || event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success');
    if (!changed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      const userId = getUserId();
      if (userId !== null) void saveQueries(client, userId);
    }, SAVE_DELAY_MS);
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
}

/** Logout: nothing of this user stays on the phone for the next one. */
export async function forgetPersistedQueries(): Promise<void> {
  try {
    await store.remove();
  } catch {
    // Nothing stored.
  }
}
