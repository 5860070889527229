import { LOAD_ERROR_MESSAGES, PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS, runtimeLocale, TIMEOUT_MESSAGES } from '@sales/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useState, type ComponentType } from 'react';
import { useNetworkStatus } from '../../lib/network-status';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const loaded = new Map<PageLoader, ComponentType>();

/** Loads a page before it is rendered, so its first render is the page itself rather than the loading view. */
export async function preload(loader: PageLoader): Promise<void> {
  if (loaded.has(loader)) return;
  const module = await loader();
  loaded.set(loader, module.default);
}

type LoadState = { phase: 'waiting' | 'loading' | 'timeout' | 'error' } | { phase: 'ready'; Page: ComponentType };

/** Renders a page loaded on demand: a loading view after 200 ms, an error view on failure or after 60 s. */
export function LazyPage({ loader }: { loader: PageLoader }) {
  const known = loaded.get(loader);
  const [state, setState] = useState<LoadState>(known ? { phase: 'ready', Page: known } : { phase: 'waiting' });
  // 重试 of the offline notice loads a page that failed for want of a network again.
  const retries = useNetworkStatus((network) => network.retries);
  const offline = useNetworkStatus((network) => network.offline);

  useEffect(() => {
    if (loaded.has(loader)) return undefined;
    setState({ phase: 'waiting' });
    let settled = false;
    const delay = setTimeout(() => {
      if (!settled) setState({ phase: 'loading' });
    }, PAGE_LOAD_DELAY_MS);
    const timeout = setTimeout(() => {
      if (settled) return;
      settled = true;
      setState({ phase: 'timeout' });
    }, PAGE_LOAD_TIMEOUT_MS);
    loader().then(
      (module) => {
        loaded.set(loader, module.default);
        if (settled) return;
        settled = true;
        setState({ phase: 'ready', Page: module.default });
      },
      () => {
        if (settled) return;
        settled = true;
        if (!navigator.onLine) useNetworkStatus.getState().markOffline();
        setState({ phase: 'error' });
      },
    );
    return () => {
      settled = true;
      clearTimeout(delay);
      clearTimeout(timeout);
    };
  }, [loader, retries]);

  if (state.phase === 'ready') return <state.Page />;
  if (state.phase === 'waiting') return null;
  if (state.phase === 'loading') {
    return (
      <div className="page-status" role="status" aria-live="polite">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    );
  }
  // Offline, the shell's offline notice says so and offers 重试.
  if (state.phase === 'error' && offline) return null;
  return <LoadFailure timeout={state.phase === 'timeout'} />;
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
