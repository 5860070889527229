/**
 * Issue 26 §2 and §4: every administrator's write lands in the one audit log with who, when, and
 * before → after (never a secret, phones masked), and 操作日志 reads it a page at a time, filtered.
 */
import { chinaDayString, shiftDay, type AdminAuditPage, type AdminAuditRow, type AdminOneTimePassword, type AdminSite } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { createAdministrator, grantAdministrator, revokeAdministrator } from '../../../src/plugins/app/admin/administrators.js';
import { AUDIT_RANGE_REVERSED } from '../../../src/plugins/app/admin/audit-log.js';
import { ONE_TIME_PASSWORD_ISSUED } from '../../../src/plugins/app/admin/staff-admin.js';
import { readAudit } from '../../../src/plugins/app/audit.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, rows, useTestServer, type LoginData } from '../../helper.js';

const server = useTestServer();
let admin: LoginData;

const list = (body: Record<string, unknown>, token = admin.token) => call<AdminAuditPage>(server.app, 'POST', '/seller/admin/audit/list', { token, body });
const site = (action: string, body: unknown) => call<AdminSite>(server.app, 'POST', `/seller/admin/site/${action}`, { token: admin.token, body });
const newest = async (action: string): Promise<AdminAuditRow> => {
  const found = await list({ action, pageSize: 1 });
  expect(found.status).toBe(200);
  const [row] = found.body.data.list;
  if (!row) throw new Error(`no ${action} entry`);
  return row;
};

beforeAll(async () => {
  admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
});

describe('before → after of every administrator write', () => {
  it('records the site tree’s writes: create, rename, move, archive, restore', async () => {
    const created = await site('create', { name: '审计一部', region: '华南', parentId: 201 });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(await newest('site.create')).toMatchObject({ actor: { id: admin.accountInfo.id, username: DEMO_ADMINISTRATOR.username }, before: null, after: { id, name: '审计一部', region: '华南', parentId: 201 } });

    expect((await site('update', { id, name: '审计二部' })).status).toBe(200);
    expect(await newest('site.update')).toMatchObject({ before: { id, name: '审计一部', region: '华南' }, after: { id, name: '审计二部', region: '华南' } });

    expect((await site('move', { id, parentId: null })).status).toBe(200);
    expect(await newest('site.move')).toMatchObject({ before: { parentId: 201, parentName: '华南大区' }, after: { parentId: null, parentName: null } });

    expect((await site('archive', { id })).status).toBe(200);
    expect(await newest('site.archive')).toMatchObject({ before: { archived: false }, after: { archived: true } });
    expect((await site('restore', { id })).status).toBe(200);
    expect(await newest('site.restore')).toMatchObject({ before: { archived: true }, after: { archived: false } });
  });

  it('records 新员工 with the phone masked, and 重置密码 as only “one-time password issued”', async () => {
    const phone = '19900007001';
    const hired = await call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/create', {
      token: admin.token,
      body: { username: '审计新人', phone, positions: [{ siteId: 101, isLeader: false, drawAuth: false }] },
    });
    expect(hired.status).toBe(200);
    const entry = await newest('staff.create');
    expect(entry).toMatchObject({
      target: { id: hired.body.data.id, username: '审计新人', phone: '199****7001' },
      before: null,
      after: { username: '审计新人', phone: '199****7001', positions: ['华东一部 业务员'], isAdmin: false, wecomUserId: null, dingtalkUserId: null },
    });
    expect(JSON.stringify(entry)).not.toContain(phone);

    const reset = await call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/reset-password', { token: admin.token, body: { staffId: hired.body.data.id } });
    expect(reset.status).toBe(200);
    const resetEntry = await newest('staff.password.reset');
    expect(resetEntry).toMatchObject({ before: null, after: { password: ONE_TIME_PASSWORD_ISSUED } });
    const secret = reset.body.data.oneTimePassword ?? '';
    expect(secret.length).toBeGreaterThan(0);
    // Nothing of the password (or its hash) anywhere in the log.
    const [raw] = await rows<{ text: string }>(server.db, sql`select coalesce(string_agg(concat_ws('|', detail, before::text, after::text), ';'), '') as text from audit_log`);
    expect(raw?.text).not.toContain(secret);
    expect(raw?.text).not.toContain('$argon2');
  });

  it('records 编辑 with only the changed fields, and 离职 / 启用 as the status with where the customers went', async () => {
    const phone = '19900007003';
    const hired = await call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/create', {
      token: admin.token,
      body: { username: '审计调岗', phone, positions: [{ siteId: 101, isLeader: false, drawAuth: false }] },
    });
    expect(hired.status).toBe(200);
    const staffId = hired.body.data.id;
    const update = await call(server.app, 'POST', '/seller/admin/staff/update', {
      token: admin.token,
      body: { staffId, username: '审计调岗二', positions: [{ siteId: 102, isLeader: true, drawAuth: false }], teamReportAuth: true },
    });
    expect(update.status).toBe(200);
    const updated = await newest('staff.update');
    expect(updated).toMatchObject({
      target: { id: staffId },
      before: { username: '审计调岗', positions: ['华东一部 业务员'], teamReportAuth: false },
      after: { username: '审计调岗二', positions: ['华东二部 主管'], teamReportAuth: true },
    });
    expect(Object.keys(updated.before ?? {}).sort()).toEqual(['positions', 'teamReportAuth', 'username']);

    expect((await call(server.app, 'POST', '/seller/admin/staff/deactivate', { token: admin.token, body: { staffId, handovers: [] } })).status).toBe(200);
    expect(await newest('staff.deactivate')).toMatchObject({ target: { id: staffId }, before: { status: '在职' }, after: { status: '已停用' } });
    expect((await call(server.app, 'POST', '/seller/admin/staff/reactivate', { token: admin.token, body: { staffId } })).status).toBe(200);
    expect(await newest('staff.reactivate')).toMatchObject({ before: { status: '已停用' }, after: { status: '在职' } });
  });

  it('records the command line’s administrator create, grant and revoke, with nobody as actor', async () => {
    const created = await createAdministrator(server.db, { phone: '19900007002', name: '审计管理员' });
    expect(await newest('admin.create')).toMatchObject({ actor: null, target: { id: created.id }, before: null, after: { isAdmin: true, phone: '199****7002' } });
    await grantAdministrator(server.db, PHONES.liNa);
    expect(await newest('admin.grant')).toMatchObject({ actor: null, target: { username: '李娜' }, before: { isAdmin: false }, after: { isAdmin: true }, ip: 'cli' });
    await revokeAdministrator(server.db, PHONES.liNa);
    expect(await newest('admin.revoke')).toMatchObject({ before: { isAdmin: true }, after: { isAdmin: false } });
  });
});

describe('/seller/admin/audit/list', () => {
  it('pages on the server, newest first, with the total', async () => {
    const first = await list({ page: 1, pageSize: 2 });
    const second = await list({ page: 2, pageSize: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBeGreaterThan(4);
    expect(second.body.data.total).toBe(first.body.data.total);
    expect(first.body.data.list).toHaveLength(2);
    const ids = [...first.body.data.list, ...second.body.data.list].map((row) => row.id);
    expect(new Set(ids).size).toBe(4);
    const times = [...first.body.data.list, ...second.body.data.list].map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by action family, actor id or keyword, target and China days', async () => {
    const family = await list({ action: 'site.*', pageSize: 100 });
    expect(family.body.data.list.length).toBeGreaterThanOrEqual(5);
    expect(family.body.data.list.every((row) => row.action.startsWith('site.'))).toBe(true);

    const byActor = await list({ actorId: admin.accountInfo.id, pageSize: 100 });
    expect(byActor.body.data.total).toBeGreaterThan(0);
    expect(byActor.body.data.list.every((row) => row.actor?.id === admin.accountInfo.id)).toBe(true);
    const byKeyword = await list({ actorKeyword: DEMO_ADMINISTRATOR.username.slice(0, 1), action: 'staff.*', pageSize: 100 });
    expect(byKeyword.body.data.list.length).toBeGreaterThan(0);
    expect(byKeyword.body.data.list.every((row) => row.actor?.username.includes(DEMO_ADMINISTRATOR.username.slice(0, 1)))).toBe(true);
    const byPhone = await list({ actorKeyword: DEMO_ADMINISTRATOR.phone.slice(-4), pageSize: 1 });
    expect(byPhone.body.data.list[0]?.actor?.id).toBe(admin.accountInfo.id);
    expect((await list({ actorKeyword: '%' })).body.data.total).toBe(0);

    const hires = await list({ action: 'staff.create', pageSize: 100 });
    const hired = hires.body.data.list.find((row) => row.target?.username === '审计新人');
    const byTarget = await list({ targetStaffId: hired?.target?.id, pageSize: 100 });
    expect(byTarget.body.data.list.map((row) => row.action).sort()).toEqual(['staff.create', 'staff.password.reset']);

    const today = chinaDayString(new Date());
    expect((await list({ startDate: today, endDate: today, action: 'site.create' })).body.data.total).toBeGreaterThan(0);
    expect((await list({ startDate: shiftDay(today, 1), action: 'site.create' })).body.data.total).toBe(0);
    expect((await list({ endDate: shiftDay(today, -1), action: 'site.create' })).body.data.total).toBe(0);
  });

  it('keeps npm run audit’s reader working on the same filter', async () => {
    const found = await readAudit(server.db, { actions: ['site.*'], limit: 3 });
    expect(found).toHaveLength(3);
    expect(found[0]?.actor).toContain(DEMO_ADMINISTRATOR.phone);
  });

  it('refuses bad filters with 400 and non-administrators with 403', async () => {
    expectFailure(await list({ action: 'nope' }), 400, /操作类型/);
    expectFailure(await list({ pageSize: 101 }), 400, /每页条数/);
    expectFailure(await list({ startDate: '2026-02-30' }), 400, '日期不正确');
    expectFailure(await list({ endDate: '0252-64-39' }), 400, '日期不正确');
    expectFailure(await list({ startDate: '2026-05-02', endDate: '2026-05-01' }), 400, AUDIT_RANGE_REVERSED);
    expectFailure(await list({ actorId: '1' }), 400, /操作人/);
    const leader = await login(server.app, PHONES.zhangWei);
    expectFailure(await list({}, leader.token), 403, ADMINISTRATORS_ONLY);
  });
});
