import { create } from 'zustand';

interface NetworkState {
  /** The network is gone: the browser says so, or a call or a page chunk failed to reach the server. */
  offline: boolean;
  /** Bumped by 重试 and on coming back: whatever failed for want of a network tries again. */
  retries: number;
  markOffline(): void;
  /**
   * The network is back: a call got an answer from the server, or the browser went online. Clears
   * the notice and lets what failed try again; nothing changes while already online.
   */
  markOnline(): void;
  /** 重试: clears the notice when the browser is online again and asks the failed parts to retry. */
  retry(): void;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const useNetworkStatus = create<NetworkState>()((set, get) => ({
  offline: browserOffline(),
  retries: 0,
  markOffline: () => set({ offline: true }),
  markOnline: () => {
    if (get().offline) set((state) => ({ offline: false, retries: state.retries + 1 }));
  },
  retry: () => set((state) => ({ offline: browserOffline(), retries: state.retries + 1 })),
}));

/**
 * Follows the browser's offline and online events. An answer from the server also ends the
 * offline state (api-client.ts): navigator.onLine can stay false on a network that works.
 */
export function watchNetworkStatus(): void {
  window.addEventListener('offline', () => useNetworkStatus.getState().markOffline());
  window.addEventListener('online', () => useNetworkStatus.getState().markOnline());
}
