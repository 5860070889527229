// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPersistedQueries, PERSISTED_QUERIES_MAX_AGE_MS, persistQueries, restoreQueries, saveQueries, setPersistedQueriesStore, type PersistedQueries, type PersistedQueriesStore } from './query-persistence';

/** The saved cache in memory, as IndexedDB would keep it (a structured clone). */
function memoryStore(): PersistedQueriesStore & { saved: PersistedQueries | undefined } {
  return {
    saved: undefined,
    async read() {
      return this.saved === undefined ? undefined : structuredClone(this.saved);
    },
    async write(next) {
      this.saved = structuredClone(next);
    },
    async remove() {
      this.saved = undefined;
    },
  };
}

const CUSTOMER = ['customers', 101, 'detail', 7];
const SEEN_AT = Date.UTC(2026, 10, 27, 2, 44);

let store: ReturnType<typeof memoryStore>;

beforeEach(() => {
  store = memoryStore();
  setPersistedQueriesStore(store);
});

afterEach(() => {
  vi.useRealTimers();
});

async function savedBy(userId: number, now = SEEN_AT): Promise<void> {
  const client = new QueryClient();
  client.setQueryData(CUSTOMER, { name: '佳佳乐生鲜超市' }, { updatedAt: SEEN_AT });
  await saveQueries(client, userId, now);
}

describe('the query cache kept on the phone', () => {
  it('gives the same user back what they saw, with the time it was fetched', async () => {
    await savedBy(3);
    const client = new QueryClient();
    expect(await restoreQueries(client, 3, SEEN_AT + 60_000)).toBe(true);
    expect(client.getQueryData(CUSTOMER)).toEqual({ name: '佳佳乐生鲜超市' });
    expect(client.getQueryState(CUSTOMER)?.dataUpdatedAt).toBe(SEEN_AT);
  });

  it('never shows one user’s data to another: a save of another user is dropped', async () => {
    await savedBy(3);
    const client = new QueryClient();
    expect(await restoreQueries(client, 1, SEEN_AT + 60_000)).toBe(false);
    expect(client.getQueryData(CUSTOMER)).toBeUndefined();
    expect(store.saved).toBeUndefined();
  });

  it('keeps it a day, no longer', async () => {
    await savedBy(3);
    expect(await restoreQueries(new QueryClient(), 3, SEEN_AT + PERSISTED_QUERIES_MAX_AGE_MS)).toBe(true);
    expect(await restoreQueries(new QueryClient(), 3, SEEN_AT + PERSISTED_QUERIES_MAX_AGE_MS + 1)).toBe(false);
    expect(store.saved).toBeUndefined();
  });

  it('is forgotten at logout', async () => {
    await savedBy(3);
    await forgetPersistedQueries();
    expect(store.saved).toBeUndefined();
    expect(await restoreQueries(new QueryClient(), 3, SEEN_AT)).toBe(false);
  });

  it('follows the answers as they arrive, saved for the signed-in user, and not at all without one', async () => {
    vi.useFakeTimers({ now: SEEN_AT });
    const client = new QueryClient();
    let userId: number | null = 3;
    const stop = persistQueries(client, () => userId);
    client.setQueryData(CUSTOMER, { name: '佳佳乐生鲜超市' });
    client.setQueryData(['todo', 101], { due: 2 });
    expect(store.saved).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.saved?.userId).toBe(3);
    expect(store.saved?.state.queries.map((query) => query.queryKey)).toEqual([CUSTOMER, ['todo', 101]]);

    await forgetPersistedQueries();
    userId = null;
    client.clear();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.saved).toBeUndefined();
    stop();
  });
});
