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

  it('clears on the browser online event and lets what failed try again', () => {
    watchNetworkStatus();
    useNetworkStatus.getState().markOffline();
    window.dispatchEvent(new Event('online'));
    expect(useNetworkStatus.getState()).toMatchObject({ offline: false, retries: 1 });
  });

  it('clears when a call got through while the browser still says offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useNetworkStatus.getState().markOffline();
    useNetworkStatus.getState().markOnline();
    expect(useNetworkStatus.getState()).toMatchObject({ offline: false, retries: 1 });
    // Already online: nothing changes, so pages do not reload their parts on every answer.
    useNetworkStatus.getState().markOnline();
    expect(useNetworkStatus.getState().retries).toBe(1);
  });

  it('重试 clears the notice once the browser is online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    useNetworkStatus.getState().markOffline();
    useNetworkStatus.getState().retry();
    expect(useNetworkStatus.getState()).toMatchObject({ offline: false, retries: 1 });
  });
});
