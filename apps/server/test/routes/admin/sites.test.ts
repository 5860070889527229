/** Issue 26 §3: the site tree's writes — administrators only, one transaction each with its audit entry. */
import type { AdminSite, AdminSiteList, PerformanceSites, UserInfo } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { MOVE_CYCLE, PARENT_ARCHIVED, SITE_ARCHIVED, SITE_HAS_CHILDREN, SITE_HAS_MEMBERS, SITE_NAME_BLANK, SITE_NAME_TAKEN } from '../../../src/plugins/app/admin/site-tree.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, rows, useTestServer } from '../../helper.js';
import { STAFF_API } from '../sales/support.js';

const server = useTestServer();
let adminToken = '';
let adminId = 0;

const site = (action: string, body: unknown, token = adminToken) => call<AdminSite>(server.app, 'POST', `/seller/admin/site/${action}`, { token, body });
const siteList = async () => (await call<AdminSiteList>(server.app, 'POST', '/seller/admin/site/list', { token: adminToken, body: {} })).body.data.list;
const audits = async (action: string) =>
  rows<{ actorId: number; detail: string }>(server.db, sql`select actor_id as "actorId", detail from audit_log where action = ${action} order by id`);
const fingerprint = async () =>
  (await rows<{ sites: string; audit: number }>(server.db, sql`select (select string_agg(concat_ws(',', id, name, region, parent_id, archived_at), ';' order by id) from sites) as sites, (select count(*)::int from audit_log where action like 'site.%') as audit`))[0];

beforeAll(async () => {
  const admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
  adminToken = admin.token;
  adminId = admin.accountInfo.id;
});

describe('/seller/admin/site/… writes', () => {
  it('creates a child site with the next free id, audited, and refuses a duplicate name among live siblings with 409', async () => {
    const created = await site('create', { name: ' 佛山一部 ', region: '华南', parentId: 201 });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ id: 204, name: '佛山一部', region: '华南', parentId: 201, archived: false, memberCount: 0, leaderCount: 0 });
    expect(await audits('site.create')).toEqual([{ actorId: adminId, detail: 'site 204: 无 → 佛山一部（华南，上级 201）' }]);

    const before = await fingerprint();
    expectFailure(await site('create', { name: '佛山一部', region: '华南', parentId: 201 }), 409, SITE_NAME_TAKEN);
    expectFailure(await site('create', { name: '华东一部', region: '华东' }), 409, SITE_NAME_TAKEN);
    expectFailure(await site('create', { name: '   ', region: '华南' }), 400, SITE_NAME_BLANK);
    expect(await fingerprint()).toEqual(before);
    // The same name under another parent is another site.
    expect((await site('create', { name: '佛山一部', region: '华南', parentId: 202 })).body.data).toMatchObject({ id: 205, parentId: 202 });
    // parentId null is the top, as 移动 takes it.
    expect((await site('create', { name: '西北大区', region: '西北', parentId: null })).body.data).toMatchObject({ id: 206, parentId: null });
  });

  it('renames a site, audited before → after; a name taken by a sibling is 409', async () => {
    const renamed = await site('update', { id: 205, name: '佛山二部' });
    expect(renamed.body.data).toMatchObject({ id: 205, name: '佛山二部', region: '华南', parentId: 202 });
    expect((await audits('site.update')).at(-1)).toEqual({ actorId: adminId, detail: 'site 205: 佛山一部（华南，上级 202） → 佛山二部（华南，上级 202）' });
    expectFailure(await site('update', { id: 203, name: '广州一部' }), 409, SITE_NAME_TAKEN);
    expectFailure(await site('update', { id: 999, name: 'x' }), 404, '站点不存在');
  });

  it('moves a site but never under itself or a site below it', async () => {
    const before = await fingerprint();
    // 201 → 202 → 205: 201 cannot go under 202 nor 205, 202 not under itself.
    expectFailure(await site('move', { id: 201, parentId: 202 }), 400, MOVE_CYCLE);
    expectFailure(await site('move', { id: 201, parentId: 205 }), 400, MOVE_CYCLE);
    expectFailure(await site('move', { id: 202, parentId: 202 }), 400, MOVE_CYCLE);
    expect(await fingerprint()).toEqual(before);
    const moved = await site('move', { id: 205, parentId: null });
    expect(moved.body.data).toMatchObject({ id: 205, parentId: null });
    expect((await audits('site.move')).at(-1)).toEqual({ actorId: adminId, detail: 'site 205: 上级 202 → 无' });
    expect((await site('move', { id: 205, parentId: 203 })).body.data).toMatchObject({ parentId: 203 });
  });

  it('refuses to archive a site with active members or live children, archives an empty one, and restores it', async () => {
    const before = await fingerprint();
    expectFailure(await site('archive', { id: 101 }), 409, SITE_HAS_MEMBERS);
    expectFailure(await site('archive', { id: 203 }), 409, SITE_HAS_CHILDREN);
    expect(await fingerprint()).toEqual(before);

    expect((await site('archive', { id: 205 })).body.data).toMatchObject({ id: 205, archived: true });
    expect((await audits('site.archive')).at(-1)).toEqual({ actorId: adminId, detail: 'site 205 佛山二部: 在用 → 已归档' });
    expectFailure(await site('update', { id: 205, name: '改名' }), 409, SITE_ARCHIVED);
    expectFailure(await site('create', { name: '新部', region: '华南', parentId: 205 }), 400, PARENT_ARCHIVED);
    expectFailure(await site('move', { id: 204, parentId: 205 }), 400, PARENT_ARCHIVED);
    // The archived name is free again among live siblings; restoring it then would clash.
    expect((await site('create', { name: '佛山二部', region: '华南', parentId: 203 })).status).toBe(200);
    expectFailure(await site('restore', { id: 205 }), 409, SITE_NAME_TAKEN);
    expect((await siteList()).find((row) => row.id === 205)).toMatchObject({ archived: true });

    expect((await site('archive', { id: 204 })).status).toBe(200);
    expect((await site('restore', { id: 204 })).body.data).toMatchObject({ id: 204, archived: false });
    expect((await audits('site.restore')).at(-1)).toEqual({ actorId: adminId, detail: 'site 204 佛山一部: 已归档 → 在用' });
  });

  it('leaves an archived site out of the phone’s pickers while its figures stay readable by id', async () => {
    const liuYang = await login(server.app, PHONES.liuYang);
    const pick = async () => (await call<PerformanceSites>(server.app, 'POST', `${STAFF_API}/performance/sites`, { token: liuYang.token, body: {} })).body.data.list.map((row) => row.siteId);
    expect(await pick()).toContain(205 - 1);
    expect(await pick()).not.toContain(205);
    const figures = await call(server.app, 'POST', `${STAFF_API}/performance/site`, { token: liuYang.token, body: { siteId: 205, period: 'month' } });
    expect(figures.status).toBe(200);
    const info = await call<UserInfo>(server.app, 'POST', '/seller/user/info', { token: liuYang.token, body: {} });
    expect(info.body.data.positionUsers.map((row) => row.departmentId)).toEqual([201]);
  });

  it('refuses non-administrators with 403 and writes nothing; wrong types are 400', async () => {
    const before = await fingerprint();
    for (const phone of Object.values(PHONES)) {
      const { token } = await login(server.app, phone);
      expectFailure(await site('create', { name: '越权站点', region: '华东' }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await site('update', { id: 101, name: '越权' }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await site('move', { id: 202, parentId: null }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await site('archive', { id: 203 }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await site('restore', { id: 205 }, token), 403, ADMINISTRATORS_ONLY);
    }
    expect(await fingerprint()).toEqual(before);

    for (const [action, body] of [
      ['create', { name: 12, region: '华东' }],
      ['create', { name: '甲', region: '华东', parentId: '201' }],
      ['create', { name: 'x'.repeat(65), region: '华东' }],
      ['create', { name: '甲' }],
      ['update', { id: '101', name: '甲' }],
      ['update', { id: 101 }],
      ['move', { id: 202 }],
      ['move', { id: 202, parentId: 1.5 }],
      ['archive', { id: true }],
      ['restore', {}],
    ] as const) {
      const response = await site(action, body);
      expect(response.status, `${action} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(await fingerprint()).toEqual(before);
  });
});
