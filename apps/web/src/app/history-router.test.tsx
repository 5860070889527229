import { act, cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createHashHistory, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHistoryRouter } from './history-router';

function Where({ onFirstRender }: { onFirstRender?: () => void }) {
  const location = useLocation();
  if (onFirstRender) {
    onFirstRender();
  }
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

afterEach(cleanup);

describe('AppHistoryRouter', () => {
  it('renders an address changed between its first render and its listener (the first render is a transition)', async () => {
    window.history.replaceState(null, '', '#/pages/my/index');
    const history = UNSAFE_createHashHistory({ window, v5Compat: true });
    let moved = false;
    const moveOnce = () => {
      if (moved) return;
      moved = true;
      // As a hash set while the first render yields: no listener is there yet to hear it.
      window.history.pushState(null, '', '#/pages/details/customerDetails?id=36');
    };
    render(
      <AppHistoryRouter history={history}>
        <Where onFirstRender={moveOnce} />
      </AppHistoryRouter>,
    );
    await screen.findByText('/pages/details/customerDetails?id=36');
  });

  it('follows the history afterwards, as the library router does', async () => {
    window.history.replaceState(null, '', '#/pages/my/index');
    const history = UNSAFE_createHashHistory({ window, v5Compat: true });
    render(
      <AppHistoryRouter history={history}>
        <Where />
      </AppHistoryRouter>,
    );
    expect(where()).toBe('/pages/my/index');
    act(() => history.push('/pages/customer/index'));
    await screen.findByText('/pages/customer/index');
    act(() => history.replace('/pages/my/outbox'));
    await screen.findByText('/pages/my/outbox');
  });
});
