import type { UserInfo } from '@sales/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from './session-store';

const wang: UserInfo = {
  id: 3,
  username: '王强',
  phone: '13800000003',
  avatar: null,
  positionUsers: [
    { departmentId: 101, departmentName: '华东一部', isLeader: true, drawAuth: false },
    { departmentId: 102, departmentName: '华东二部', isLeader: true, drawAuth: false },
    { departmentId: 201, departmentName: '华南大区', isLeader: false, drawAuth: false },
  ],
  reportAllSites: false,
  teamReportAuth: false,
  mustChangePassword: false,
  isAdmin: false,
};

const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : (JSON.parse(raw) as unknown);
};

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
});

describe('session store', () => {
  it('stores token and id on sign-in, as JSON under their keys', () => {
    useSession.getState().signIn('abc', 3);
    expect(stored('token')).toBe('abc');
    expect(stored('userId')).toBe(3);
  });

  it('derives sites, current site and permissions from user info', () => {
    useSession.getState().setUserInfo(wang);
    expect(stored('currentSite')).toMatchObject({ departmentId: 101, departmentName: '华东一部' });
    expect(stored('permissionData')).toEqual({
      isSalesperson: false,
      drawAuth: false,
      isManySite: true,
      isShowIndex: true,
      reportAllSites: false,
      isReport: false,
    });
    expect(stored('userInfo')).toMatchObject({ username: '王强' });
  });

  it('keeps its objects, and tells nobody, when a refresh brings the same info; a change is told', () => {
    useSession.getState().setUserInfo(wang);
    const before = useSession.getState();
    let told = 0;
    const stop = useSession.subscribe(() => (told += 1));
    // The same info as a new object, as the start's refresh of a stored session brings it.
    useSession.getState().setUserInfo(JSON.parse(JSON.stringify(wang)) as UserInfo);
    expect(told).toBe(0);
    expect(useSession.getState().userInfo).toBe(before.userInfo);
    expect(useSession.getState().currentSite).toBe(before.currentSite);
    expect(useSession.getState().permissionData).toBe(before.permissionData);
    // A new name: the info changes, the site and permissions keep their objects.
    useSession.getState().setUserInfo({ ...wang, username: '王强强' });
    expect(told).toBe(1);
    expect(useSession.getState().userInfo?.username).toBe('王强强');
    expect(stored('userInfo')).toMatchObject({ username: '王强强' });
    expect(useSession.getState().currentSite).toBe(before.currentSite);
    expect(useSession.getState().permissionData).toBe(before.permissionData);
    stop();
  });

  it('keeps a chosen site that is still the user’s and resets one that is gone', () => {
    useSession.getState().setUserInfo(wang);
    useSession.getState().switchSite(201);
    expect(useSession.getState().permissionData?.isSalesperson).toBe(true);
    useSession.getState().setUserInfo(wang);
    expect(useSession.getState().currentSite?.departmentId).toBe(201);
    useSession.getState().setUserInfo({ ...wang, positionUsers: wang.positionUsers.slice(0, 2) });
    expect(useSession.getState().currentSite?.departmentId).toBe(101);
    expect(stored('currentSite')).toMatchObject({ departmentId: 101 });
  });

  it('ignores a switch to a site the user does not have', () => {
    useSession.getState().setUserInfo(wang);
    useSession.getState().switchSite(999);
    expect(useSession.getState().currentSite?.departmentId).toBe(101);
  });

  it('clears state and the stored userInfo, currentSite, token and permissionData', () => {
    useSession.getState().signIn('abc', 3);
    useSession.getState().setUserInfo(wang);
    localStorage.setItem('app-tabbar-index', '2');
    useSession.getState().clear();
    for (const key of ['userInfo', 'currentSite', 'token', 'permissionData']) expect(localStorage.getItem(key)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, currentSite: null, permissionData: null });
    expect(localStorage.getItem('app-tabbar-index')).toBe('2');
  });
});
