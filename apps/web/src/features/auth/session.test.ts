import { UNSAFE_createHashHistory } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { bindHistory } from '../../lib/navigation';
import { memoryOutboxStore } from '../../lib/outbox/idb-store';
import { setOutboxStore } from '../../lib/outbox/outbox-runtime';
import { logout } from './session';
import { useSession } from './session-store';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn(), preloadToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const store = memoryOutboxStore();

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  setOutboxStore(store);
  bindHistory(UNSAFE_createHashHistory({ window, v5Compat: true }));
  configureApiClient({ getToken: () => useSession.getState().token, getSiteId: () => null, onUnauthorized: () => undefined });
  useSession.getState().signIn('session-token', 3);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  for (const pending of await store.listPendingLogouts()) await store.removePendingLogout(pending.token);
});

describe('退出登录', () => {
  it('without a network: the phone forgets the session at once and keeps the logout for the server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await logout();
    expect(useSession.getState().token).toBeNull();
    expect((await store.listPendingLogouts()).map((pending) => pending.token)).toEqual(['session-token']);
  });

  it('online: the server ends the session and nothing is kept', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, msg: '', data: null }), { status: 200 }));
    await logout();
    expect(useSession.getState().token).toBeNull();
    expect(await store.listPendingLogouts()).toEqual([]);
  });
});
