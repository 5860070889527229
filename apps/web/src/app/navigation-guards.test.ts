import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNSAFE_createHashHistory } from 'react-router';
import { useSession } from '../features/auth/session-store';
import { addNavigationInterceptor, bindHistory, nav } from '../lib/navigation';
import { installNavigationGuards } from './navigation-guards';

const history = UNSAFE_createHashHistory({ window, v5Compat: true });
const location = () => `${history.location.pathname}${history.location.search}`;
let removeGuards: () => void;

beforeAll(() => {
  bindHistory(history);
  removeGuards = installNavigationGuards();
});

afterAll(() => removeGuards());

beforeEach(() => {
  useSession.getState().clear();
  history.replace('/pages/login/index');
});

const signedIn = () =>
  useSession.getState().setUserInfo({
    id: 1,
    username: '张伟',
    phone: '13800000001',
    avatar: null,
    positionUsers: [{ departmentId: 101, departmentName: '华东一部', isLeader: false, drawAuth: false }],
    reportAllSites: false,
    teamReportAuth: false,
    mustChangePassword: false,
    isAdmin: false,
  });

describe('navigation guards', () => {
  it.each(['navigateTo', 'redirectTo', 'switchTab', 'reLaunch'] as const)('%s to a protected page without a username goes to login', async (kind) => {
    nav[kind]('/pages/my/setting?x=1');
    await Promise.resolve();
    expect(location()).toBe(`/pages/login/index?redirect=${encodeURIComponent('/pages/my/setting?x=1')}`);
  });

  it('lets public pages through and every page once the user info has a username', async () => {
    nav.navigateTo('/pages/details/privacyPolicy');
    expect(location()).toBe('/pages/details/privacyPolicy');
    signedIn();
    nav.navigateTo('/pages/my/setting');
    expect(location()).toBe('/pages/my/setting');
  });

  it('lets an interceptor block a navigation', () => {
    signedIn();
    const remove = addNavigationInterceptor(({ kind }) => (kind === 'navigateTo' ? false : undefined));
    expect(nav.navigateTo('/pages/my/setting')).toBe(false);
    expect(location()).toBe('/pages/login/index');
    remove();
    expect(nav.navigateTo('/pages/my/setting')).toBe(true);
  });

  it('goes to / on back when the history holds only one page', () => {
    signedIn();
    window.history.replaceState({ idx: 0 }, '');
    nav.navigateBack();
    expect(location()).toBe('/');
  });
});
