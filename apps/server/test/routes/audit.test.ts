import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.js';
import { parseSince, readAudit } from '../../src/plugins/app/audit.js';
import { allowResend, call, DEMO_PASSWORD, expectFailure, latestCode, PHONES, uniqueIp, useTestServer } from '../helper.js';
import { firstCustomer, loginAll, STAFF_API, staffCall, type Role, type Session } from './sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

/** The newest entries of an action, newest first. */
const entries = (action: string) => server.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

async function newest(action: string) {
  const [entry] = await entries(action);
  if (!entry) throw new Error(`no ${action} entry`);
  return entry;
}

describe('audit log of sensitive actions', () => {
  it('records a password login and a code login with the address and the method, never the secret', async () => {
    const ip = uniqueIp();
    const login = await call<{ token: string }>(server.app, 'POST', '/seller/user/v2/login', {
      body: { phone: PHONES.chenJing, password: DEMO_PASSWORD },
      ip,
      headers: { 'user-agent': 'audit-test/1' },
    });
    expect(login.status).toBe(200);
    const entry = await newest('login');
    expect(entry).toMatchObject({ actorId: as.chenJing.id, targetId: as.chenJing.id, ip, userAgent: 'audit-test/1', detail: 'password' });

    await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: PHONES.liuYang, scene: 'login' }, ip: uniqueIp() });
    const code = await latestCode(server.app, PHONES.liuYang);
    expect((await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: PHONES.liuYang, code }, ip: uniqueIp() })).status).toBe(200);
    expect(await newest('login')).toMatchObject({ actorId: as.liuYang.id, detail: 'code' });

    const everything = JSON.stringify(await server.db.select().from(auditLog));
    expect(everything).not.toContain(DEMO_PASSWORD);
    expect(everything).not.toContain(login.body.data.token);
    expect(everything).not.toContain(code);
  });

  it('records failed password and code logins against the account tried, and with a masked phone when there is none', async () => {
    const wrongPassword = 'Wrong@2025x';
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: PHONES.zhangWei, password: wrongPassword }, ip: uniqueIp() }), 400);
    expect(await newest('login.failed')).toMatchObject({ actorId: as.zhangWei.id, detail: 'password 138****0001' });

    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: '13912345678', password: wrongPassword }, ip: uniqueIp() }), 400);
    expect(await newest('login.failed')).toMatchObject({ actorId: null, targetId: null, detail: 'password 139****5678' });

    await allowResend(server.db, PHONES.liNa);
    await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: PHONES.liNa, scene: 'login' }, ip: uniqueIp() });
    const code = await latestCode(server.app, PHONES.liNa);
    const wrongCode = code === '123456' ? '654321' : '123456';
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: PHONES.liNa, code: wrongCode }, ip: uniqueIp() }), 400);
    expect(await newest('login.failed')).toMatchObject({ actorId: as.liNa.id, detail: 'code 138****0002' });
    const failed = JSON.stringify(await entries('login.failed'));
    expect(failed).not.toContain(wrongPassword);
    expect(failed).not.toContain(wrongCode);
  });

  it('records bind, transfer, unbind and claim with the leader, the salesperson and the customer', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id is null`);
    const bind = (staffId: number) => staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId });
    expect((await bind(as.zhangWei.id)).status).toBe(200);
    expect(await newest('customer.bind')).toMatchObject({ actorId: as.liNa.id, targetId: as.zhangWei.id, detail: `customer ${customer.id}` });
    expect((await bind(as.wangQiang.id)).status).toBe(200);
    expect(await newest('customer.transfer')).toMatchObject({ actorId: as.liNa.id, targetId: as.wangQiang.id, detail: `customer ${customer.id} from ${as.zhangWei.id}` });
    expect((await staffCall(server.app, as.liNa, 'customer/unbind', { siteId: 101, customerId: customer.id })).status).toBe(200);
    expect(await newest('customer.unbind')).toMatchObject({ actorId: as.liNa.id, targetId: as.wangQiang.id, detail: `customer ${customer.id}` });
    expect((await staffCall(server.app, as.zhangWei, 'customer/claim', { siteId: 101, qrToken: customer.qrToken })).status).toBe(200);
    expect(await newest('customer.claim')).toMatchObject({ actorId: as.zhangWei.id, targetId: as.zhangWei.id, detail: `customer ${customer.id}` });
  });

  it('writes no entry for a refused binding', async () => {
    const before = (await entries('customer.bind')).length + (await entries('customer.transfer')).length;
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id is null`);
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id }), 403);
    expect((await entries('customer.bind')).length + (await entries('customer.transfer')).length).toBe(before);
  });

  it('records a standard edit with the site, the month and whose standard', async () => {
    const body = { siteId: 101, month: '2026-01', staffId: as.zhangWei.id, targetAmount: 88888, targetOrders: 30, targetNewCustomers: 4 };
    expect((await staffCall(server.app, as.liNa, 'performance/standard/update', body)).status).toBe(200);
    expect(await newest('standard.update')).toMatchObject({ actorId: as.liNa.id, targetId: as.zhangWei.id, detail: `site 101 month 2026-01 staff ${as.zhangWei.id}` });
    expect((await staffCall(server.app, as.liNa, 'performance/standard/update', { ...body, staffId: null })).status).toBe(200);
    expect(await newest('standard.update')).toMatchObject({ targetId: null, detail: 'site 101 month 2026-01 default' });
  });

  it('records CSV exports with the site and the number of rows', async () => {
    for (const [path, action] of [
      ['customer/export', 'export.customers'],
      ['order/export', 'export.orders'],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url: `${STAFF_API}/${path}?siteId=101`, headers: { authorization: as.liNa.token } });
      expect(response.statusCode).toBe(200);
      expect(await newest(action)).toMatchObject({ actorId: as.liNa.id, targetId: null, detail: `site 101 rows ${response.headers['x-export-rows']}` });
    }
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const entry = await newest('login');
    await expect(server.db.execute(sql`update audit_log set detail = 'changed' where id = ${entry.id}`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from audit_log where id = ${entry.id}`)).rejects.toThrow();
    await expect(server.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await server.db.select().from(auditLog).where(and(eq(auditLog.id, entry.id), eq(auditLog.action, 'login')))).length).toBe(1);
  });

  it('has no route that edits or deletes it, and only 系统管理员 read it (操作日志, issue 26)', async () => {
    const routes = server.app.printRoutes({ commonPrefix: false });
    const mentions = routes.split('\n').filter((line) => /audit/i.test(line));
    expect(mentions.map((line) => line.replace(/^[\s│├└─]+/, '').trim())).toEqual(['/seller/admin/audit/list (POST)']);
    for (const role of ['liNa', 'zhangWei'] as const) expectFailure(await call(server.app, 'POST', '/seller/admin/audit/list', { token: as[role].token, body: {} }), 403, '仅系统管理员可以使用管理后台');
  });
});

describe('npm run audit (readAudit)', () => {
  it('filters by actor phone, action family and time, newest first', async () => {
    const mine = await readAudit(server.db, { actorPhone: PHONES.liNa, limit: 100 });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.actor.endsWith(PHONES.liNa))).toBe(true);
    const times = mine.map((row) => row.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const customerActions = await readAudit(server.db, { actions: ['customer.*'], limit: 100 });
    expect(new Set(customerActions.map((row) => row.action))).toEqual(new Set(['customer.bind', 'customer.transfer', 'customer.unbind', 'customer.claim']));
    const logins = await readAudit(server.db, { actions: ['login.*'], limit: 1000 });
    expect(new Set(logins.map((row) => row.action))).toEqual(new Set(['login', 'login.failed']));

    expect(await readAudit(server.db, { since: new Date(Date.now() + 60_000), limit: 10 })).toEqual([]);
    expect(await readAudit(server.db, { limit: 2 })).toHaveLength(2);
  });

  it('reads --since as a duration, a China-time date or an ISO time, and refuses anything else', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(parseSince('24h', now).toISOString()).toBe('2026-05-09T12:00:00.000Z');
    expect(parseSince('7d', now).toISOString()).toBe('2026-05-03T12:00:00.000Z');
    expect(parseSince('2026-05-01').toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(parseSince('2026-05-01T09:00').toISOString()).toBe('2026-05-01T01:00:00.000Z');
    expect(parseSince('2026-05-01T09:00:00Z').toISOString()).toBe('2026-05-01T09:00:00.000Z');
    expect(() => parseSince('yesterday')).toThrow(/--since/);
  });
});
