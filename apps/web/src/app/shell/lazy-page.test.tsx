import { act, cleanup, render, screen } from '@testing-library/react';
import { PAGE_LOAD_TIMEOUT_MS } from '@sales/contract';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyPage, preload, type PageLoader, type PageModule } from './lazy-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const Page = () => <p data-testid="page">客户详情</p>;

/** A loader whose calls each wait for the test to answer them, in the order they were made. */
function heldLoader() {
  const answers: ((module: PageModule) => void)[] = [];
  const loader: PageLoader = () => new Promise<PageModule>((resolve) => answers.push(resolve));
  return { loader, answers };
}

describe('a page loaded on demand', () => {
  it('renders at once when it was preloaded before its first render', async () => {
    const loader: PageLoader = () => Promise.resolve({ default: Page });
    await preload(loader);
    render(<LazyPage loader={loader} />);
    expect(screen.getByTestId('page')).toBeTruthy();
  });

  it('shows as soon as a preload started elsewhere brings it, without a load of its own', async () => {
    // A press on an entry preloads the next page (app/route-prefetch.ts); the tap's click renders the
    // page while that preload is still out: the page waits for it rather than loading the page again.
    const { loader, answers } = heldLoader();
    const preloading = preload(loader);
    render(<LazyPage loader={loader} />);
    expect(screen.queryByTestId('page')).toBeNull();
    expect(answers).toHaveLength(1);

    await act(async () => {
      answers[0]?.({ default: Page });
      await preloading;
    });
    expect(screen.getByTestId('page')).toBeTruthy();
  });

  it('shows the page its own load brings', async () => {
    const { loader, answers } = heldLoader();
    render(<LazyPage loader={loader} />);
    expect(answers).toHaveLength(1);
    await act(async () => {
      answers[0]?.({ default: Page });
      await Promise.resolve();
    });
    expect(screen.getByTestId('page')).toBeTruthy();
  });

  it('keeps the time-out view when the page arrives after it: a tap reloads', async () => {
    vi.useFakeTimers();
    const { loader, answers } = heldLoader();
    render(<LazyPage loader={loader} />);
    await act(async () => {
      vi.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS);
      await Promise.resolve();
    });
    expect(screen.getByTestId('page-load-error')).toBeTruthy();
    // A later preload brings the module: the view stays what the person was told.
    const preloading = preload(loader);
    await act(async () => {
      answers[0]?.({ default: Page });
      await preloading;
    });
    expect(screen.getByTestId('page-load-error')).toBeTruthy();
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('keeps the page on screen mounted once when more loads of it answer later', async () => {
    // Each load of a page makes a new component (router.tsx wraps it in the query provider). Taking
    // a later one swapped the page's type under React: the page was mounted again and its first
    // calls were aborted and sent twice (客户列表 opened from home's entries).
    let mounts = 0;
    let made = 0;
    const loader: PageLoader = () => {
      made += 1;
      function Made() {
        useEffect(() => {
          mounts += 1;
        }, []);
        return <p data-testid="page">客户列表</p>;
      }
      return Promise.resolve({ default: Made });
    };
    const first = preload(loader);
    render(<LazyPage loader={loader} />);
    const second = preload(loader);
    await act(async () => {
      await Promise.all([first, second]);
    });
    await act(async () => {
      await preload(loader);
    });
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(made).toBe(1);
    expect(mounts).toBe(1);
  });

  it('loads the page afresh after a failed load', async () => {
    let calls = 0;
    const loader: PageLoader = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page });
    };
    await expect(preload(loader)).rejects.toThrow('offline');
    await preload(loader);
    render(<LazyPage loader={loader} />);
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
