import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/api-client';
import { useNetworkStatus, watchNetworkStatus } from '../../lib/network-status';
import { registerQueryClient } from '../../lib/query-cache';
import { OfflineNotice } from './offline-notice';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // The browser keeps saying offline throughout: only the answers tell that the network is back.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  useNetworkStatus.setState({ offline: false, retries: 0 });
});

describe('the 网络已断开 notice', () => {
  it('shows after a call fails for want of a network and goes once a later call gets through', async () => {
    render(<OfflineNotice />);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => request({ url: '/seller/a', hideErrorToast: true }).catch(() => undefined));
    expect(screen.getByTestId('offline-notice').textContent).toContain('网络已断开');

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: '', data: null }), { status: 200 }));
    await act(() => request({ url: '/seller/a' }));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('goes when the browser is back online', () => {
    watchNetworkStatus();
    render(<OfflineNotice />);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-notice')).toBeTruthy();
    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('says when the page shows what the phone kept: 离线数据 · 更新于 HH:mm in China time', async () => {
    const client = new QueryClient();
    registerQueryClient(client, () => undefined);
    // Seen at 10:44 China time (02:44 UTC), whatever zone the phone is set to.
    client.setQueryData(['customers', 7], { name: '佳佳乐' }, { updatedAt: Date.UTC(2026, 10, 27, 2, 44) });
    client.setQueryData(['todo'], { due: 1 }, { updatedAt: Date.UTC(2026, 10, 27, 3, 10) });
    const observers = [new QueryObserver(client, { queryKey: ['customers', 7], staleTime: Infinity }), new QueryObserver(client, { queryKey: ['todo'], staleTime: Infinity })];
    const stops = observers.map((observer) => observer.subscribe(() => undefined));
    render(<OfflineNotice />);
    expect(screen.queryByTestId('offline-data')).toBeNull();
    act(() => useNetworkStatus.getState().markOffline());
    expect(screen.getByTestId('offline-data').textContent).toBe('离线数据 · 更新于 10:44');
    for (const stop of stops) stop();
  });
});
