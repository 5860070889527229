import { cleanup, render, screen } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

afterEach(cleanup);

const at = (pathname: string): Location => ({ pathname, search: '', hash: '', state: null, key: pathname });

function Broken(): never {
  throw new Error('render failed');
}

describe('RouteErrorBoundary', () => {
  it('shows the page-load error view when a page throws, and the next page once the location changes', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = at('/pages/my/index');
    const { rerender } = render(
      <RouteErrorBoundary location={first}>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByTestId('page-load-error')).toBeTruthy();
    rerender(
      <RouteErrorBoundary location={at('/pages/my/setting')}>
        <p>设置</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByTestId('page-load-error')).toBeNull();
    expect(screen.getByText('设置')).toBeTruthy();
    quiet.mockRestore();
  });
});
