import { useNetworkStatus } from '../../lib/network-status';
import { queryCache } from '../../lib/query-cache';

/**
 * The notice shown while the network is gone, instead of a broken page: 重试 asks again for
 * whatever failed (the page's data and a page that could not load).
 */
export function OfflineNotice() {
  const offline = useNetworkStatus((state) => state.offline);
  const retry = useNetworkStatus((state) => state.retry);
  if (!offline) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice">
      <span>网络已断开，请检查网络后重试</span>
      <button
        type="button"
        className="offline-notice__retry"
        onClick={() => {
          retry();
          void queryCache.refetchActive();
        }}
      >
        重试
      </button>
    </div>
  );
}
