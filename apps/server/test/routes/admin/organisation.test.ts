/** Issue 26 §2: the admin console's reads of the organisation — administrators only, paged on the server. */
import type { AdminSiteList, AdminStaffPage } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, rows, useTestServer } from '../../helper.js';

const server = useTestServer();
let adminToken = '';

const staffList = (body: Record<string, unknown>, token = adminToken) => call<AdminStaffPage>(server.app, 'POST', '/seller/admin/staff/list', { token, body });

beforeAll(async () => {
  adminToken = (await login(server.app, DEMO_ADMINISTRATOR.phone)).token;
});

describe('/seller/admin/…', () => {
  it('refuses everyone but an administrator with 403, before reading the body', async () => {
    for (const phone of Object.values(PHONES)) {
      const { token } = await login(server.app, phone);
      expectFailure(await staffList({}, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await staffList({ page: 'x' }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await call(server.app, 'POST', '/seller/admin/site/list', { token, body: {} }), 403, ADMINISTRATORS_ONLY);
    }
    expectFailure(await staffList({}, ''), 401);
  });

  it('lists active staff a page at a time, newest first, with their positions and the total', async () => {
    const [{ total }] = (await rows<{ total: number }>(server.db, sql`select count(*)::int as total from staff where status = 'active'`)) as [{ total: number }];
    const first = await staffList({ pageSize: 10 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total, page: 1, pageSize: 10 });
    expect(first.body.data.list).toHaveLength(10);
    const second = await staffList({ pageSize: 10, page: 2 });
    const ids = [...first.body.data.list, ...second.body.data.list].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = first.body.data.list.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const wang = await staffList({ keyword: '王强' });
    expect(wang.body.data.total).toBe(1);
    expect(wang.body.data.list[0]).toMatchObject({
      phone: PHONES.wangQiang,
      isAdmin: false,
      status: 'active',
      positions: [
        { siteId: 101, siteName: '华东一部', isLeader: true, drawAuth: false },
        { siteId: 102, siteName: '华东二部', isLeader: true, drawAuth: false },
        { siteId: 201, siteName: '华南大区', isLeader: false, drawAuth: false },
      ],
    });
    expect((await staffList({ keyword: '1380000000' })).body.data.total).toBe(6);
    expect((await staffList({ keyword: '%' })).body.data.total).toBe(0);
  });

  it('filters by site, role and status', async () => {
    const leadersOf101 = await staffList({ siteId: 101, staffRole: 'leader', pageSize: 100 });
    const expected = await rows<{ id: number }>(
      server.db,
      sql`select distinct s.id from staff s join positions p on p.staff_id = s.id where p.site_id = 101 and p.is_leader and s.status = 'active' order by s.id`,
    );
    expect(leadersOf101.body.data.list.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected.map((row) => row.id));
    expect(leadersOf101.body.data.list.every((row) => row.positions.some((position) => position.siteId === 101 && position.isLeader))).toBe(true);

    const salespeopleOf201 = await staffList({ siteId: 201, staffRole: 'salesperson', pageSize: 100 });
    expect(salespeopleOf201.body.data.list.map((row) => row.phone)).toEqual(expect.arrayContaining([PHONES.wangQiang, PHONES.liuYang]));

    const admins = await staffList({ staffRole: 'admin' });
    expect(admins.body.data.list.map((row) => [row.phone, row.isAdmin, row.positions])).toEqual([[DEMO_ADMINISTRATOR.phone, true, []]]);
    expect((await staffList({ staffStatus: 'deleted' })).body.data.total).toBe(0);
  });

  it('refuses a wrong type or value with 400 and a Chinese message', async () => {
    for (const body of [{ page: '1' }, { pageSize: 1000 }, { staffRole: 'boss' }, { staffStatus: 'gone' }, { siteId: -1 }, { keyword: 5 }]) {
      const response = await staffList(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('lists the sites with their active members and leaders', async () => {
    const response = await call<AdminSiteList>(server.app, 'POST', '/seller/admin/site/list', { token: adminToken, body: {} });
    expect(response.status).toBe(200);
    const counted = await rows<{ id: number; members: number; leaders: number }>(
      server.db,
      sql`select p.site_id as id, count(distinct s.id)::int as members, count(distinct s.id) filter (where p.is_leader)::int as leaders
          from positions p join staff s on s.id = p.staff_id and s.status = 'active' group by p.site_id order by p.site_id`,
    );
    // 华南大区's child sites (issue 26 §3): 广州一部 has a leader and three salespeople, 深圳一部 nobody yet: 0 and 0.
    expect(counted.find((site) => site.id === 202)).toEqual({ id: 202, members: 4, leaders: 1 });
    expect(response.body.data.list.map((site) => ({ id: site.id, members: site.memberCount, leaders: site.leaderCount }))).toEqual([
      ...counted,
      { id: 203, members: 0, leaders: 0 },
    ]);
    expect(response.body.data.list.map(({ name, parentId, archived }) => ({ name, parentId, archived }))).toEqual([
      { name: '华东一部', parentId: null, archived: false },
      { name: '华东二部', parentId: null, archived: false },
      { name: '华南大区', parentId: null, archived: false },
      { name: '广州一部', parentId: 201, archived: false },
      { name: '深圳一部', parentId: 201, archived: false },
    ]);
  });
});
