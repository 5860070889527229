import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNetworkStatus, watchNetworkStatus } from './network-status';

describe('network status', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useNetworkStatus.setState({ offline: false, retries: 0 });
  });

  it('goes offline on the browser offline event', () => {
    watchNetworkStatus();
    window.dispatchEvent(new Event('offline'));
    expect(useNetworkStatus.getState().offline).toBe(true);
  });

  it('重试 keeps the notice while the browser is still offline, and counts the retry', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useNetworkStatus.getState().markOffline();
    useNetworkStatus.getState().retry();
    expect(useNetworkStatus.getState()).toMatchObject({ offline: true, retries: 1 });
  });

  it('重试 clears the notice once the browser is online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    useNetworkStatus.getState().markOffline();
    useNetworkStatus.getState().retry();
    expect(useNetworkStatus.getState()).toMatchObject({ offline: false, retries: 1 });
  });
});
