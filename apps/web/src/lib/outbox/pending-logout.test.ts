// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryOutboxStore } from './idb-store';
import { queueLogout, sendPendingLogouts, setOutboxStore } from './outbox-runtime';
import { drainPendingLogouts, sendLogout } from './pending-logout';
import type { SendOutcome } from './types';

const HEADERS = { platform: 'h5', Version: '2.0.1' };
const answer = (status: number, code: number) => new Response(JSON.stringify({ code, msg: '', data: null }), { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a logout made without a network', () => {
  it('is sent with its own token when the connection returns, and only once the server answered is it forgotten', async () => {
    const store = memoryOutboxStore();
    setOutboxStore(store);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);

    await queueLogout('old-token', 1_000);
    // Still offline: the call fails, the logout waits.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendPendingLogouts()).toBe(1);
    expect(await store.listPendingLogouts()).toEqual([{ token: 'old-token', createdAt: 1_000 }]);

    // Online: the server ends the session.
    fetchMock.mockResolvedValueOnce(answer(200, 200));
    expect(await sendPendingLogouts()).toBe(0);
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/seller/user/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('old-token');
    expect(await store.listPendingLogouts()).toEqual([]);

    // Nothing left: nothing more is sent.
    expect(await sendPendingLogouts()).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends oldest first, stops at the first that cannot reach the server, and drops those the server answered (401 included)', async () => {
    const store = memoryOutboxStore();
    await store.addPendingLogout({ token: 'b', createdAt: 2 });
    await store.addPendingLogout({ token: 'a', createdAt: 1 });
    await store.addPendingLogout({ token: 'c', createdAt: 3 });
    const outcomes: Record<string, SendOutcome> = { a: { kind: 'unauthorized' }, b: { kind: 'retry' }, c: { kind: 'sent', data: null } };
    const sent: string[] = [];
    const left = await drainPendingLogouts(store, async (token) => {
      sent.push(token);
      return outcomes[token] ?? { kind: 'retry' };
    });
    expect(sent).toEqual(['a', 'b']);
    expect(left).toBe(2);
    expect((await store.listPendingLogouts()).map((logout) => logout.token)).toEqual(['b', 'c']);
  });

  it('maps the answers: a 401 (session already ended) and a 4xx end it, a 5xx or no answer keeps it', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    fetchMock.mockResolvedValueOnce(answer(401, 401));
    expect((await sendLogout('/seller/user/logout', 't', HEADERS, fetchMock)).kind).toBe('unauthorized');
    fetchMock.mockResolvedValueOnce(answer(503, 503));
    expect((await sendLogout('/seller/user/logout', 't', HEADERS, fetchMock)).kind).toBe('retry');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await sendLogout('/seller/user/logout', 't', HEADERS, fetchMock)).kind).toBe('retry');
  });
});
