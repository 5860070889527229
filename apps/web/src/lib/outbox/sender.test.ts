// @vitest-environment node
import { CLOCK_SENT_AT_HEADER, IDEMPOTENCY_MESSAGES } from '@sales/contract';
import { describe, expect, it, vi } from 'vitest';
import { memoryOutboxStore } from './idb-store';
import { drainOutbox, OUTBOX_LEASE_MS, OUTBOX_REJECTED_FALLBACK, outcomeOf, sendable, sendItem } from './sender';
import type { OutboxItem, SendOutcome } from './types';

const item = (id: string, userId: number, createdAt: number, extra: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  userId,
  path: '/seller/fenghe/staff/followup/create',
  body: { siteId: 1, customerId: 7, type: '电话', content: id, images: [], nextContactAt: null },
  createdAt,
  state: 'waiting',
  context: { kind: 'followUp', customerId: 7, content: id, type: '电话' },
  ...extra,
});

async function storeWith(...items: OutboxItem[]) {
  const store = memoryOutboxStore();
  for (const entry of items) await store.put(entry);
  return store;
}

describe('outcomeOf (what an answer means for a queued write)', () => {
  it('removes on 200, retries on 5xx, stops on 401, keeps a 4xx with its message', () => {
    expect(outcomeOf(200, { code: 200, data: { id: 1 } })).toEqual({ kind: 'sent', data: { id: 1 } });
    expect(outcomeOf(500, null)).toEqual({ kind: 'retry' });
    expect(outcomeOf(503, { code: 503, msg: '维护中' })).toEqual({ kind: 'retry' });
    expect(outcomeOf(401, { code: 401 })).toEqual({ kind: 'unauthorized' });
    expect(outcomeOf(200, { code: 401 })).toEqual({ kind: 'unauthorized' });
    expect(outcomeOf(400, { code: 400, msg: '跟进内容不能为空' })).toEqual({ kind: 'rejected', message: '跟进内容不能为空' });
    expect(outcomeOf(403, { code: 403, msg: '无权查看该客户' })).toEqual({ kind: 'rejected', message: '无权查看该客户' });
    expect(outcomeOf(409, { code: 409, msg: IDEMPOTENCY_MESSAGES.bodyChanged })).toEqual({ kind: 'rejected', message: IDEMPOTENCY_MESSAGES.bodyChanged });
    expect(outcomeOf(404, null)).toEqual({ kind: 'rejected', message: OUTBOX_REJECTED_FALLBACK });
  });

  it('sendItem carries the key and the token, and a network failure is a retry', async () => {
    const fetchOk = vi.fn(async () => new Response(JSON.stringify({ code: 200, data: { id: 9 } }), { status: 200 }));
    const outcome = await sendItem(item('k-1', 1, 1), 'tok', { platform: 'h5', Version: '2.0.1' }, fetchOk as unknown as typeof fetch);
    expect(outcome).toEqual({ kind: 'sent', data: { id: 9 } });
    const [url, init] = fetchOk.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/seller/fenghe/staff/followup/create');
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'k-1', Authorization: 'tok', platform: 'h5' });
    expect(JSON.parse(String(init.body))).toMatchObject({ content: 'k-1', siteId: 1 });
    const fetchDown = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendItem(item('k-2', 1, 1), 'tok', { platform: 'h5', Version: '2.0.1' }, fetchDown as unknown as typeof fetch)).toEqual({ kind: 'retry' });
  });
});

describe('the send time of a queued clock', () => {
  it('is the phone’s time of each attempt, in a header, while the body (and its tap time) stays the same', async () => {
    const clockItem = item('k-clock', 1, Date.parse('2026-11-27T00:59:30Z'), {
      path: '/seller/fenghe/staff/attendance/clock-in',
      body: { siteId: 1, tappedAt: '2026-11-27T00:59:30.000Z' },
      context: { kind: 'clock', clock: 'in' },
    });
    const fetchDown = vi.fn(async (_url: string, _init: RequestInit): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-11-27T01:00:35Z'));
      expect(await sendItem(clockItem, 'tok', { platform: 'h5', Version: '2.0.1' }, fetchDown as unknown as typeof fetch)).toEqual({ kind: 'retry' });
      vi.setSystemTime(new Date('2026-11-27T01:20:00Z'));
      await sendItem(clockItem, 'tok', { platform: 'h5', Version: '2.0.1' }, fetchDown as unknown as typeof fetch);
    } finally {
      vi.useRealTimers();
    }
    const [first, second] = fetchDown.mock.calls.map(([, init]) => init);
    expect(first?.headers).toMatchObject({ [CLOCK_SENT_AT_HEADER]: '2026-11-27T01:00:35.000Z', 'Idempotency-Key': 'k-clock' });
    expect(second?.headers).toMatchObject({ [CLOCK_SENT_AT_HEADER]: '2026-11-27T01:20:00.000Z', 'Idempotency-Key': 'k-clock' });
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(String(first?.body))).toEqual({ siteId: 1, tappedAt: '2026-11-27T00:59:30.000Z' });
  });
});

describe('drainOutbox', () => {
  it('sends oldest first, one at a time, only the signed-in user’s items', async () => {
    const store = await storeWith(item('b', 1, 20), item('other', 2, 5), item('a', 1, 10), item('c', 1, 30));
    const order: string[] = [];
    const result = await drainOutbox({
      store,
      session: { userId: 1, token: 't1' },
      send: async (entry, token) => {
        expect(token).toBe('t1');
        order.push(entry.id);
        return { kind: 'sent', data: null };
      },
    });
    expect(order).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: 3, rejected: 0, stopped: null });
    // The other user's write stays, untouched.
    expect((await store.list()).map((entry) => entry.id)).toEqual(['other']);
  });

  it('stops at a network failure and keeps the rest waiting, in order', async () => {
    const store = await storeWith(item('a', 1, 10), item('b', 1, 20));
    const send = vi.fn(async (): Promise<SendOutcome> => ({ kind: 'retry' }));
    const result = await drainOutbox({ store, session: { userId: 1, token: 't' }, send });
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.stopped).toBe('retry');
    expect((await store.list()).map((entry) => [entry.id, entry.state])).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
    ]);
  });

  it('marks a 4xx failed with the message, never retries it, and goes on with the next', async () => {
    const store = await storeWith(item('bad', 1, 10), item('good', 1, 20));
    const send = vi.fn(async (entry: OutboxItem): Promise<SendOutcome> => (entry.id === 'bad' ? { kind: 'rejected', message: '无权查看该客户' } : { kind: 'sent', data: null }));
    const first = await drainOutbox({ store, session: { userId: 1, token: 't' }, send });
    expect(first).toEqual({ sent: 1, rejected: 1, stopped: null });
    expect(await store.list()).toEqual([expect.objectContaining({ id: 'bad', state: 'failed', message: '无权查看该客户' })]);
    send.mockClear();
    await drainOutbox({ store, session: { userId: 1, token: 't' }, send });
    expect(send).not.toHaveBeenCalled();
  });

  it('stops on 401 and keeps the item for the next session of that user', async () => {
    const store = await storeWith(item('a', 1, 10), item('b', 1, 20));
    const send = vi.fn(async (): Promise<SendOutcome> => ({ kind: 'unauthorized' }));
    const result = await drainOutbox({ store, session: { userId: 1, token: 'old' }, send });
    expect(result.stopped).toBe('unauthorized');
    expect(send).toHaveBeenCalledTimes(1);
    expect((await store.list()).every((entry) => entry.state === 'waiting')).toBe(true);
  });

  it('stops before the next send once the session is no longer the one it started with (logout)', async () => {
    const store = await storeWith(item('a', 1, 10), item('b', 1, 20));
    let signedIn = true;
    const send = vi.fn(async (): Promise<SendOutcome> => {
      signedIn = false;
      return { kind: 'sent', data: null };
    });
    const result = await drainOutbox({ store, session: { userId: 1, token: 't' }, send, active: () => signedIn });
    expect(send).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ sent: 1, rejected: 0, stopped: 'unauthorized' });
    expect((await store.list()).map((entry) => [entry.id, entry.state])).toEqual([['b', 'waiting']]);
  });

  it('leaves an item another sender holds until its lease ends', async () => {
    const now = 1_000_000;
    const held = item('held', 1, 10, { state: 'sending', leaseUntil: now + 1000 });
    const expired = item('expired', 1, 20, { state: 'sending', leaseUntil: now - 1 });
    expect(sendable([held, expired, item('failed', 1, 5, { state: 'failed' })], 1, now).map((entry) => entry.id)).toEqual(['expired']);
    const store = await storeWith(held, expired);
    const seen: OutboxItem[] = [];
    await drainOutbox({
      store,
      session: { userId: 1, token: 't' },
      now: () => now,
      send: async (entry) => {
        const current = await store.get(entry.id);
        if (current) seen.push(current);
        return { kind: 'sent', data: null };
      },
    });
    expect(seen.map((entry) => entry.id)).toEqual(['expired']);
    // While it is on its way it is marked, with a lease, for the other sender.
    expect(seen[0]).toMatchObject({ state: 'sending', leaseUntil: now + OUTBOX_LEASE_MS });
  });

  it('keeps an item deleted while it was being sent deleted', async () => {
    const store = await storeWith(item('a', 1, 10));
    await drainOutbox({
      store,
      session: { userId: 1, token: 't' },
      send: async (entry) => {
        await store.remove(entry.id);
        return { kind: 'rejected', message: 'x' };
      },
    });
    expect(await store.list()).toEqual([]);
  });
});
