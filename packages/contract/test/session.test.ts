import { describe, expect, it } from 'vitest';
import {
  applySiteIdRule,
  canShowIndex,
  derivePermissions,
  isSiteScopedPath,
  mergeSites,
  resolveCurrentSite,
  type PositionUser,
  type SessionUser,
  type Site,
} from '../src/session.js';

const position = (departmentId: number, isLeader: boolean, drawAuth = false): PositionUser => ({
  departmentId,
  departmentName: { 101: '华东一部', 102: '华东二部', 201: '华南大区' }[departmentId] ?? `站点${departmentId}`,
  isLeader,
  drawAuth,
});

/** The five demo accounts of DESIGN §6, as /seller/user/info returns them. */
const DEMO_USERS: Record<string, SessionUser> = {
  张伟: { username: '张伟', positionUsers: [position(101, false)], reportAllSites: false, teamReportAuth: false },
  李娜: { username: '李娜', positionUsers: [position(101, true)], reportAllSites: false, teamReportAuth: true },
  王强: { username: '王强', positionUsers: [position(101, true), position(102, true), position(201, false)], reportAllSites: false, teamReportAuth: false },
  刘洋: { username: '刘洋', positionUsers: [position(201, false)], reportAllSites: true, teamReportAuth: false },
  陈静: { username: '陈静', positionUsers: [position(102, false, true), position(102, true, false)], reportAllSites: false, teamReportAuth: false },
};

function demoUser(name: keyof typeof DEMO_USERS): SessionUser {
  const user = DEMO_USERS[name];
  if (!user) throw new Error(`no demo user ${name}`);
  return user;
}

/** What the app does after loading user info: merge positions into sites, pick the current one, derive permissions. */
function permissionsOf(user: SessionUser, chosen?: number) {
  const sites = mergeSites(user.positionUsers);
  const current = resolveCurrentSite(sites, chosen === undefined ? null : { departmentId: chosen });
  return { sites, current, permissions: derivePermissions(user, current) };
}

describe('mergeSites', () => {
  it('keeps one site per department, in the order departments first appear', () => {
    const sites = mergeSites([position(201, false), position(101, false), position(201, true), position(102, false)]);
    expect(sites.map((site) => site.departmentId)).toEqual([201, 101, 102]);
    expect(sites.map((site) => site.departmentName)).toEqual(['华南大区', '华东一部', '华东二部']);
  });

  it('merges isLeader and drawAuth of several positions in one department, true winning whichever comes first', () => {
    expect(mergeSites([position(102, false, true), position(102, true, false)])).toEqual([position(102, true, true)]);
    expect(mergeSites([position(102, true, false), position(102, false, true)])).toEqual([position(102, true, true)]);
    expect(mergeSites([position(102, false, false), position(102, false, false), position(102, false, false)])).toEqual([position(102, false, false)]);
    expect(mergeSites([position(101, false), position(102, true), position(101, false, true)])).toEqual([position(101, false, true), position(102, true)]);
  });

  it('does not change the positions it was given', () => {
    const positions = [position(102, false, true), position(102, true, false)];
    const copy = structuredClone(positions);
    mergeSites(positions);
    expect(positions).toEqual(copy);
  });

  it('returns no sites for no positions', () => {
    expect(mergeSites([])).toEqual([]);
  });
});

describe('resolveCurrentSite', () => {
  const sites: Site[] = [position(101, true), position(102, true), position(201, false)];

  it('keeps a chosen site that is still among the user’s sites, with its current flags', () => {
    const current = resolveCurrentSite(sites, { departmentId: 102 });
    expect(current).toEqual(position(102, true));
    // A stale stored copy (say isLeader false from an older login) is replaced by the fresh site.
    expect(resolveCurrentSite(sites, position(201, true))).toEqual(position(201, false));
  });

  it('resets to the first site when none is chosen', () => {
    expect(resolveCurrentSite(sites, null)).toEqual(position(101, true));
    expect(resolveCurrentSite(sites, undefined)).toEqual(position(101, true));
  });

  it('resets to the first site when the chosen one is no longer among the user’s sites', () => {
    expect(resolveCurrentSite(sites, { departmentId: 999 })).toEqual(position(101, true));
    expect(resolveCurrentSite([position(201, false)], { departmentId: 101 })).toEqual(position(201, false));
  });

  it('is null when the user has no sites', () => {
    expect(resolveCurrentSite([], null)).toBeNull();
    expect(resolveCurrentSite([], { departmentId: 101 })).toBeNull();
  });
});

describe('derivePermissions for the demo accounts', () => {
  it('张伟, salesperson of 101: a salesperson with one site and no home tab', () => {
    const { sites, permissions } = permissionsOf(demoUser('张伟'));
    expect(sites).toEqual([position(101, false)]);
    expect(permissions).toEqual({ isSalesperson: true, drawAuth: false, isManySite: false, isShowIndex: false, reportAllSites: false, isReport: false });
  });

  it('李娜, leader of 101 with teamReportAuth: home tab and team report', () => {
    expect(permissionsOf(demoUser('李娜')).permissions).toEqual({
      isSalesperson: false,
      drawAuth: false,
      isManySite: false,
      isShowIndex: true,
      reportAllSites: false,
      isReport: true,
    });
  });

  it('王强, leader of 101 and 102 and salesperson of 201: several sites, salesperson only while 201 is current', () => {
    const atFirst = permissionsOf(demoUser('王强'));
    expect(atFirst.sites.map((site) => site.departmentId)).toEqual([101, 102, 201]);
    expect(atFirst.current?.departmentId).toBe(101);
    expect(atFirst.permissions).toEqual({ isSalesperson: false, drawAuth: false, isManySite: true, isShowIndex: true, reportAllSites: false, isReport: false });

    const at201 = permissionsOf(demoUser('王强'), 201);
    expect(at201.current?.departmentId).toBe(201);
    expect(at201.permissions.isSalesperson).toBe(true);
    expect(at201.permissions.isShowIndex).toBe(true);
    expect(permissionsOf(demoUser('王强'), 102).permissions.isSalesperson).toBe(false);
  });

  it('刘洋, salesperson of 201 with reportAllSites: a salesperson who still sees the home tab', () => {
    expect(permissionsOf(demoUser('刘洋')).permissions).toEqual({
      isSalesperson: true,
      drawAuth: false,
      isManySite: false,
      isShowIndex: true,
      reportAllSites: true,
      isReport: false,
    });
  });

  it('陈静, two positions in 102: one merged site where she leads and has drawAuth', () => {
    const { sites, current, permissions } = permissionsOf(demoUser('陈静'));
    expect(sites).toEqual([position(102, true, true)]);
    expect(current).toEqual(position(102, true, true));
    expect(permissions).toEqual({ isSalesperson: false, drawAuth: true, isManySite: false, isShowIndex: true, reportAllSites: false, isReport: false });
  });

  it('reads isSalesperson and drawAuth from the current site only', () => {
    const user: SessionUser = { username: '测试', positionUsers: [position(101, true, false), position(102, false, true)], reportAllSites: false, teamReportAuth: false };
    expect(derivePermissions(user, position(101, true, false))).toMatchObject({ isSalesperson: false, drawAuth: false, isManySite: true });
    expect(derivePermissions(user, position(102, false, true))).toMatchObject({ isSalesperson: true, drawAuth: true, isManySite: true });
  });

  it('treats a user without a current site as a salesperson without drawAuth', () => {
    const user: SessionUser = { username: '无站点', positionUsers: [], reportAllSites: false, teamReportAuth: true };
    expect(derivePermissions(user, null)).toEqual({ isSalesperson: true, drawAuth: false, isManySite: false, isShowIndex: false, reportAllSites: false, isReport: true });
  });

  it('counts merged sites, not positions, for isManySite', () => {
    const twoPositionsOneSite = demoUser('陈静');
    expect(twoPositionsOneSite.positionUsers).toHaveLength(2);
    expect(derivePermissions(twoPositionsOneSite, null).isManySite).toBe(false);
  });
});

describe('canShowIndex', () => {
  it('shows the home tab to leaders of any position and to reportAllSites users only', () => {
    expect(canShowIndex(demoUser('张伟'))).toBe(false);
    expect(canShowIndex(demoUser('李娜'))).toBe(true);
    expect(canShowIndex(demoUser('王强'))).toBe(true);
    expect(canShowIndex(demoUser('刘洋'))).toBe(true);
    expect(canShowIndex(demoUser('陈静'))).toBe(true);
    expect(canShowIndex({ positionUsers: [], reportAllSites: false })).toBe(false);
    expect(canShowIndex({ positionUsers: [], reportAllSites: true })).toBe(true);
    expect(canShowIndex({ positionUsers: [position(101, false), position(201, true)], reportAllSites: false })).toBe(true);
  });
});

describe('applySiteIdRule', () => {
  const customers = '/seller/fenghe/staff/customer/list';

  it('adds the current site’s departmentId when siteId is absent on /seller/fenghe/staff/ paths', () => {
    expect(applySiteIdRule(customers, { page: 1 }, 101)).toEqual({ page: 1, siteId: 101 });
    expect(applySiteIdRule('/seller/fenghe/staff/order/list?page=2', { keyword: '张' }, 102)).toEqual({ keyword: '张', siteId: 102 });
    expect(applySiteIdRule('/seller/fenghe/staff/list', {}, 201)).toEqual({ siteId: 201 });
  });

  it('adds it on /seller/weekly/staff/before/create too', () => {
    expect(applySiteIdRule('/seller/weekly/staff/before/create', { weekStart: '2025-10-27' }, 101)).toEqual({ weekStart: '2025-10-27', siteId: 101 });
  });

  it('works with an undefined body', () => {
    expect(applySiteIdRule(customers, undefined, 101)).toEqual({ siteId: 101 });
  });

  it('removes a null siteId instead of filling it in', () => {
    const result = applySiteIdRule(customers, { page: 1, siteId: null }, 101);
    expect(result).toEqual({ page: 1 });
    expect(Object.hasOwn(result as object, 'siteId')).toBe(false);
  });

  it('keeps an explicit siteId, even 0', () => {
    expect(applySiteIdRule(customers, { siteId: 201 }, 101)).toEqual({ siteId: 201 });
    expect(applySiteIdRule(customers, { siteId: 0 }, 101)).toEqual({ siteId: 0 });
  });

  it('adds nothing when there is no current site', () => {
    expect(applySiteIdRule(customers, { page: 1 }, null)).toEqual({ page: 1 });
    expect(applySiteIdRule(customers, undefined, undefined)).toEqual({});
  });

  it('ignores every other path and returns the body untouched', () => {
    const body = { page: 1 };
    expect(applySiteIdRule('/seller/user/info', body, 101)).toBe(body);
    expect(applySiteIdRule('/seller/weekly/staff/list', body, 101)).toBe(body);
    expect(applySiteIdRule('/seller/fenghe/staffs', body, 101)).toBe(body);
    expect(applySiteIdRule('/api/seller/fenghe/staff/customer/list', body, 101)).toBe(body);
    expect(applySiteIdRule('/seller/user/info', undefined, 101)).toBeUndefined();
    expect(body).toEqual({ page: 1 });
  });

  it('does not change the caller’s body object', () => {
    const body: Record<string, unknown> = { page: 1, siteId: null };
    applySiteIdRule(customers, body, 101);
    expect(body).toEqual({ page: 1, siteId: null });
  });

  it('leaves bodies that are not plain objects alone', () => {
    const form = new FormData();
    expect(applySiteIdRule(customers, form, 101)).toBe(form);
    const list = [1, 2];
    expect(applySiteIdRule(customers, list, 101)).toBe(list);
    expect(applySiteIdRule(customers, 'text', 101)).toBe('text');
    expect(applySiteIdRule(customers, null, 101)).toBeNull();
  });

  it('recognises the site-scoped paths with or without a query', () => {
    expect(isSiteScopedPath('/seller/fenghe/staff/customer/list?x=1')).toBe(true);
    expect(isSiteScopedPath('/seller/weekly/staff/before/create?x=1')).toBe(true);
    expect(isSiteScopedPath('/seller/weekly/staff/create')).toBe(false);
    expect(isSiteScopedPath('/x?next=/seller/fenghe/staff/')).toBe(false);
  });
});
