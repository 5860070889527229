import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/api-client';
import { useNetworkStatus, watchNetworkStatus } from '../../lib/network-status';
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
});
