import { act, cleanup, render, screen } from '@testing-library/react';
import { PAGE_LOAD_TIMEOUT_MS } from '@sales/contract';
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

  it('shows as soon as a preload started elsewhere brings it, though its own load is still out', async () => {
    // A press on an entry preloads the next page (app/route-prefetch.ts); the tap's click renders the
    // page while that preload is still out, and the page starts a load of its own.
    const { loader, answers } = heldLoader();
    const preloading = preload(loader);
    render(<LazyPage loader={loader} />);
    expect(screen.queryByTestId('page')).toBeNull();
    expect(answers).toHaveLength(2);

    // The preload's answer comes first; the page's own load never answers.
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
      answers[1]?.({ default: Page });
      await preloading;
    });
    expect(screen.getByTestId('page-load-error')).toBeTruthy();
    expect(screen.queryByTestId('page')).toBeNull();
  });
});
