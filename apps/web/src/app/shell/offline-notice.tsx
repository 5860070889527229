import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNetworkStatus } from '../../lib/network-status';
import { queryCache } from '../../lib/query-cache';

/**
 * HH:mm of a moment in China time (UTC+8 all year). Kept here rather than lib/format's: the notice is
 * part of every first load, the formatters (and their calendar) are not.
 */
const chinaClock = (at: string | number | Date): string => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(11, 16);

/** The notice's height, read by the bars that stick under it (shell.css, page-layout.css). */
const HEIGHT_VARIABLE = '--offline-notice-height';

/**
 * The notice shown while the network is gone, instead of a broken page: 重试 asks again for
 * whatever failed (the page's data and a page that could not load). It takes its own place at the
 * top, above the nav bar, and stays there as the page scrolls: it covers no control. When the page
 * shows what the phone kept (answers from before the network went, query-persistence.ts), it says
 * so and how old they are: 离线数据 · 更新于 HH:mm (China time).
 */
export function OfflineNotice() {
  const offline = useNetworkStatus((state) => state.offline);
  const retry = useNetworkStatus((state) => state.retry);
  const notice = useRef<HTMLDivElement>(null);
  const [shownSince, setShownSince] = useState<number | null>(null);

  useEffect(() => {
    if (!offline) return undefined;
    const follow = () => setShownSince(queryCache.shownSince());
    follow();
    return queryCache.watch(follow);
  }, [offline]);

  // The bars that stick to the top while the page scrolls stick under the notice: its height, as
  // drawn (a larger font makes it taller), is theirs to leave free.
  useLayoutEffect(() => {
    const element = notice.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [offline]);

  if (!offline) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice" ref={notice}>
      <span className="offline-notice__text">
        <span>网络已断开，请检查网络后重试</span>
        {shownSince !== null && (
          <span className="offline-notice__data" data-testid="offline-data">
            离线数据 · 更新于 {chinaClock(shownSince)}
          </span>
        )}
      </span>
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
