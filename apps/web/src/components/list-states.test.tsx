import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNetworkStatus } from '../lib/network-status';
import { CardSkeleton } from './list-states';

afterEach(() => {
  cleanup();
  useNetworkStatus.setState({ offline: false });
});

describe('CardSkeleton', () => {
  it('loads while online, and says it waits for the network while offline, until the network is back', () => {
    render(<CardSkeleton count={2} />);
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('加载中');
    expect(screen.queryByTestId('skeleton-offline')).toBeNull();

    act(() => useNetworkStatus.getState().markOffline());
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('暂无网络，恢复后自动加载');
    expect(screen.getByTestId('skeleton-offline').textContent).toBe('暂无网络，恢复后自动加载');

    act(() => useNetworkStatus.getState().markOnline());
    expect(screen.queryByTestId('skeleton-offline')).toBeNull();
  });
});
