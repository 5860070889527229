// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNetworkStatus } from './network-status';
import { registerQueryClient } from './query-cache';

describe('query cache and the network', () => {
  afterEach(() => {
    useNetworkStatus.setState({ offline: false, retries: 0 });
  });

  it('tells TanStack Query the network is back when a call got through, so paused queries go on', () => {
    const online = vi.fn<(online: boolean) => void>();
    registerQueryClient(new QueryClient(), online);
    useNetworkStatus.getState().markOffline();
    expect(online).not.toHaveBeenCalled();
    useNetworkStatus.getState().markOnline();
    expect(online).toHaveBeenCalledWith(true);
  });
});
