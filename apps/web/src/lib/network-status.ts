import { create } from 'zustand';

interface NetworkState {
  /** The network is gone: the browser says so, or a call or a page chunk failed to reach the server. */
  offline: boolean;
  /** Bumped by 重试: whatever failed for want of a network tries again. */
  retries: number;
  markOffline(): void;
  /** 重试: clears the notice when the browser is online again and asks the failed parts to retry. */
  retry(): void;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const useNetworkStatus = create<NetworkState>()((set) => ({
  offline: browserOffline(),
  retries: 0,
  markOffline: () => set({ offline: true }),
  retry: () => set((state) => ({ offline: browserOffline(), retries: state.retries + 1 })),
}));

/** Follows the browser's offline event; coming back online is confirmed by 重试, not assumed. */
export function watchNetworkStatus(): void {
  window.addEventListener('offline', () => useNetworkStatus.getState().markOffline());
}
