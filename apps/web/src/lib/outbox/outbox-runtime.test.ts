// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { memoryOutboxStore } from './idb-store';
import { configureOutbox, deleteOutboxItem, enqueue, endOutboxSession, flushOutbox, refreshOutbox, setOutboxStore, useOutboxView } from './outbox-runtime';
import type { OutboxItem } from './types';

const followUp = (customerId: number) => ({ kind: 'followUp' as const, customerId, content: '拜访', type: '拜访' });

let user: { userId: number; token: string } | null = null;
configureOutbox({ getUser: () => user, getSiteId: () => 101, onSessionChange: () => undefined });
const signIn = (token: string, userId: number) => {
  user = { userId, token };
};

afterEach(() => {
  user = null;
});

describe('the outbox shows only the signed-in user’s items', () => {
  it('lists, queues and deletes for the current user only; another user’s stay on the phone', async () => {
    const store = memoryOutboxStore();
    setOutboxStore(store);
    const theirs: OutboxItem = { id: 'k-other', userId: 2, path: '/p', body: {}, createdAt: 1, state: 'waiting', context: followUp(7) };
    await store.put(theirs);

    signIn('token-1', 1);
    await refreshOutbox();
    expect(useOutboxView.getState().items).toEqual([]);

    const mine = await enqueue({ id: 'k-mine', path: '/p', body: { siteId: 101 }, context: followUp(7) });
    expect(mine).toMatchObject({ userId: 1, state: 'waiting' });
    expect(useOutboxView.getState().items.map((item) => item.id)).toEqual(['k-mine']);

    // Not theirs to delete.
    await deleteOutboxItem('k-other');
    expect(await store.get('k-other')).toBeDefined();

    // Logout: the worker's session goes, nothing is listed, both items stay for their owners.
    await store.setSession({ userId: 1, token: 'token-1' });
    await endOutboxSession();
    expect(await store.getSession()).toBeNull();
    expect(useOutboxView.getState().items).toEqual([]);
    expect((await store.list()).map((item) => item.id).sort()).toEqual(['k-mine', 'k-other']);

    signIn('token-2', 2);
    await refreshOutbox();
    expect(useOutboxView.getState().items.map((item) => item.id)).toEqual(['k-other']);
  });

  it('will not queue without a signed-in user', async () => {
    setOutboxStore(memoryOutboxStore());
    await expect(enqueue({ id: 'k', path: '/p', body: {}, context: followUp(1) })).rejects.toThrow('未登录');
  });
});

describe('flushOutbox across sessions', () => {
  it('a flush while signed out leaves nothing behind: the next user’s flush sends', async () => {
    const store = memoryOutboxStore();
    setOutboxStore(store);
    expect(await flushOutbox()).toBeNull();
    signIn('token-3', 3);
    await store.put({ id: 'k-3', userId: 3, path: '/nowhere', body: {}, createdAt: 1, state: 'waiting', context: followUp(1) });
    const sent: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      sent.push(url);
      return new Response(JSON.stringify({ code: 200, data: null }), { status: 200 });
    }) as typeof fetch;
    try {
      expect(await flushOutbox()).toEqual({ sent: 1, rejected: 0, stopped: null });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent).toEqual(['/nowhere']);
    expect(await store.list()).toEqual([]);
  });
});
