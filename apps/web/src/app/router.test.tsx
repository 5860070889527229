import { act, cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createHashHistory } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routeUrl } from '../config/paths';
import { AppHistoryRouter } from './history-router';
import { AppRoutes } from './router';

afterEach(cleanup);

/** The page's frame as drawn: a page mounted afresh is a new element. */
const frame = (title: string) => screen.getByRole('heading', { name: title }).closest('.page');

describe('the pages of the router', () => {
  it('mounts a page afresh when its route is opened again before the page in between was drawn', async () => {
    window.history.replaceState(null, '', `#/${routeUrl('platformAgreement').replace(/^\//, '')}`);
    const history = UNSAFE_createHashHistory({ window, v5Compat: true });
    render(
      <AppHistoryRouter history={history}>
        <AppRoutes />
      </AppHistoryRouter>,
    );
    await screen.findByRole('heading', { name: '平台服务协议' });
    const first = frame('平台服务协议');

    // Two navigations in one go: React draws only the last, the same route as before.
    act(() => {
      history.push(routeUrl('privacyPolicy'));
      history.push(routeUrl('platformAgreement'));
    });
    await screen.findByRole('heading', { name: '平台服务协议' });
    expect(frame('平台服务协议')).not.toBe(first);
  });

  it('keeps the page when only its own query changes in place (a list filter)', async () => {
    window.history.replaceState(null, '', `#/${routeUrl('platformAgreement').replace(/^\//, '')}`);
    const history = UNSAFE_createHashHistory({ window, v5Compat: true });
    render(
      <AppHistoryRouter history={history}>
        <AppRoutes />
      </AppHistoryRouter>,
    );
    await screen.findByRole('heading', { name: '平台服务协议' });
    const first = frame('平台服务协议');
    act(() => history.replace(`${routeUrl('platformAgreement')}?keyword=a`));
    await screen.findByRole('heading', { name: '平台服务协议' });
    expect(frame('平台服务协议')).toBe(first);
  });
});
