import { LOAD_ERROR_MESSAGES, PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS, runtimeLocale, TIMEOUT_MESSAGES } from '@sales/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useNetworkStatus } from '../../lib/network-status';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * The pages loaded so far, and who is waiting for one: a page shows as soon as its module is here,
 * whoever loaded it. A preload (a press on an entry, app/route-prefetch.ts) may finish after the
 * page's first render and before its effect runs; the page would otherwise miss it and stay blank.
 */
const loaded = new Map<PageLoader, ComponentType>();
const listeners = new Set<() => void>();
/** Loads under way: one per page, however many ask for it (a press's preload, the next routes, the page's render). */
const inFlight = new Map<PageLoader, Promise<ComponentType>>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The page of `loader`, loaded once: a second load while one is under way, or after it, gets the
 * same component. A loader makes a new component on every call (router.tsx wraps the page in the
 * query provider); taking a later one would swap the type of a page already on screen, and React
 * would unmount and mount it again, its first calls aborted and sent twice. A failed load is
 * forgotten, so 重试 loads it afresh.
 */
function load(loader: PageLoader): Promise<ComponentType> {
  const known = loaded.get(loader);
  if (known) return Promise.resolve(known);
  let pending = inFlight.get(loader);
  if (!pending) {
    pending = loader().then(
      (module) => {
        inFlight.delete(loader);
        loaded.set(loader, module.default);
        for (const listener of listeners) listener();
        return module.default;
      },
      (error: unknown) => {
        inFlight.delete(loader);
        throw error;
      },
    );
    inFlight.set(loader, pending);
  }
  return pending;
}

/** Loads a page before it is rendered, so its first render is the page itself rather than the loading view. */
export async function preload(loader: PageLoader): Promise<void> {
  await load(loader);
}

type LoadPhase = 'waiting' | 'loading' | 'timeout' | 'error';

/** Renders a page loaded on demand: a loading view after 200 ms, an error view on failure or after 60 s. */
export function LazyPage({ loader }: { loader: PageLoader }) {
  const known = () => loaded.get(loader);
  const Page = useSyncExternalStore(subscribe, known, known);
  const [phase, setPhase] = useState<LoadPhase>('waiting');
  // 重试 of the offline notice loads a page that failed for want of a network again.
  const retries = useNetworkStatus((network) => network.retries);
  const offline = useNetworkStatus((network) => network.offline);

  useEffect(() => {
    setPhase('waiting');
    // Brought by someone else (a press's preload) since the first render, or since the last try.
    if (loaded.has(loader)) return undefined;
    let settled = false;
    const delay = setTimeout(() => {
      if (!settled) setPhase('loading');
    }, PAGE_LOAD_DELAY_MS);
    const timeout = setTimeout(() => {
      if (settled) return;
      settled = true;
      setPhase('timeout');
    }, PAGE_LOAD_TIMEOUT_MS);
    load(loader).then(
      () => {
        settled = true;
      },
      () => {
        if (settled) return;
        settled = true;
        if (!navigator.onLine) useNetworkStatus.getState().markOffline();
        setPhase('error');
      },
    );
    return () => {
      settled = true;
      clearTimeout(delay);
      clearTimeout(timeout);
    };
  }, [loader, retries]);

  // A load that failed or timed out keeps its view, whatever arrives later: a tap reloads.
  if (Page && (phase === 'waiting' || phase === 'loading')) return <Page />;
  if (phase === 'waiting') return null;
  if (phase === 'loading') {
    return (
      <div className="page-status" role="status" aria-live="polite">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    );
  }
  // Offline, the shell's offline notice says so and offers 重试.
  if (phase === 'error' && offline) return null;
  return <LoadFailure timeout={phase === 'timeout'} />;
}

/** The page-load error view, in the browser's language; a tap anywhere reloads. */
export function LoadFailure({ timeout }: { timeout: boolean }) {
  const locale = runtimeLocale(navigator.language);
  const message = timeout ? TIMEOUT_MESSAGES[locale] : LOAD_ERROR_MESSAGES[locale];
  return (
    <button type="button" className="page-status page-status--error" onClick={() => window.location.reload()} data-testid="page-load-error">
      {message}
    </button>
  );
}
