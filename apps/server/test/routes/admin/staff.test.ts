/** Issue 26 §4: people from hire to leave, as an administrator changes them in the console. */
import type { AdminOneTimePassword, UserInfo } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, rows, uniqueIp, useTestServer, type LoginData } from '../../helper.js';

const server = useTestServer();
let admin: LoginData;

const create = (body: Record<string, unknown>, token = admin.token) => call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/create', { token, body });
const count = async (table: 'staff' | 'positions' | 'audit_log') => (await rows<{ n: number }>(server.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n ?? 0;
const snapshot = async () => Promise.all([count('staff'), count('positions'), count('audit_log')]);

let phoneSeq = 0;
/** A mainland mobile number nobody in the demo holds. */
const freshPhone = () => `1990000${String(4000 + ++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
});

describe('/seller/admin/staff/create', () => {
  it('hires a salesperson who signs in with the one-time password, must replace it, then sees the site', async () => {
    const phone = freshPhone();
    const created = await create({ username: ' 新人甲 ', phone, positions: [{ siteId: 101, isLeader: false, drawAuth: true }], teamReportAuth: true, wecomUserId: 'xinren.jia', dingtalkUserId: ' dd.xinren ' });
    expect(created.status).toBe(200);
    const { id, oneTimePassword } = created.body.data;
    expect(created.body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    // The console provider sends nothing for real: the administrator is shown the password once.
    expect(oneTimePassword).toMatch(/^\S{6,}$/);
    const [person] = await rows<{ username: string; must_change_password: boolean; team_report_auth: boolean; report_all_sites: boolean; is_admin: boolean; wecom_user_id: string; dingtalk_user_id: string }>(
      server.db,
      sql`select username, must_change_password, team_report_auth, report_all_sites, is_admin, wecom_user_id, dingtalk_user_id from staff where id = ${id}`,
    );
    expect(person).toEqual({ username: '新人甲', must_change_password: true, team_report_auth: true, report_all_sites: false, is_admin: false, wecom_user_id: 'xinren.jia', dingtalk_user_id: 'dd.xinren' });
    const [sms] = await rows<{ content: string; scene: string }>(server.db, sql`select content, scene from sms_outbox where phone = ${phone} order by id desc limit 1`);
    expect(sms?.scene).toBe('resetPassword');
    expect(sms?.content).toContain(oneTimePassword);

    const signedIn = await login(server.app, phone, oneTimePassword);
    expect(signedIn.mustChangePassword).toBe(true);
    const changed = await call(server.app, 'POST', '/seller/user/password/update', { token: signedIn.token, body: { password: 'Xinren2026a' }, ip: uniqueIp() });
    expect(changed.status).toBe(200);
    const again = await login(server.app, phone, 'Xinren2026a');
    expect(again.mustChangePassword).toBe(false);
    const info = await call<UserInfo>(server.app, 'POST', '/seller/user/info', { token: again.token, body: {} });
    expect(info.body.data.positionUsers).toMatchObject([{ departmentId: 101, departmentName: '华东一部', isLeader: false, drawAuth: true }]);

    const [entry] = await rows<{ actor_id: number; target_id: number; detail: string }>(
      server.db,
      sql`select actor_id, target_id, detail from audit_log where action = 'staff.create' and target_id = ${id}`,
    );
    expect(entry).toMatchObject({ actor_id: admin.accountInfo.id, target_id: id });
    expect(entry?.detail).toContain('新人甲');
    expect(entry?.detail).toContain('华东一部 业务员 抽单');
    expect(entry?.detail).not.toContain(oneTimePassword);
  });

  it('hires an administrator without positions', async () => {
    const created = await create({ username: '管理乙', phone: freshPhone(), positions: [], isAdmin: true });
    expect(created.status).toBe(200);
    const [row] = await rows<{ is_admin: boolean }>(server.db, sql`select is_admin from staff where id = ${created.body.data.id}`);
    expect(row?.is_admin).toBe(true);
  });

  it('refuses a phone an active person holds (409) and bad input (400), writing nothing', async () => {
    const before = await snapshot();
    expectFailure(await create({ username: '重复', phone: PHONES.zhangWei, positions: [] }), 409, '该手机号已被在职员工使用');
    expectFailure(await create({ username: '坏号', phone: '10345678901', positions: [] }), 400, '请输入正确的手机号');
    expectFailure(await create({ username: '   ', phone: freshPhone(), positions: [] }), 400, '姓名须为 1–32 个字');
    expectFailure(await create({ username: '无站', phone: freshPhone(), positions: [{ siteId: 999_999, isLeader: false, drawAuth: false }] }), 400, '所选站点不存在');
    expectFailure(
      await create({ username: '两岗', phone: freshPhone(), positions: [{ siteId: 101, isLeader: false, drawAuth: false }, { siteId: 101, isLeader: true, drawAuth: false }] }),
      400,
      '同一站点只能设一个岗位',
    );
    expectFailure(await create({ username: '企微', phone: freshPhone(), positions: [], wecomUserId: 'has space' }), 400);
    expectFailure(await create({ username: '钉钉', phone: freshPhone(), positions: [], dingtalkUserId: 'has space' }), 400, '钉钉账号只能包含字母、数字和 _ . @ -');
    expectFailure(await create({ username: '类型', phone: freshPhone(), positions: [], isAdmin: 'true' }), 400);
    expectFailure(await create({ username: '类型', phone: Number(freshPhone()), positions: [] }), 400);
    expectFailure(await create({ username: '类型', phone: freshPhone(), positions: [{ siteId: '101', isLeader: false, drawAuth: false }] }), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('is for administrators only: anyone else gets 403 and nothing is written', async () => {
    const tokens = await Promise.all(Object.values(PHONES).map(async (phone) => (await login(server.app, phone)).token));
    const before = await snapshot();
    for (const token of tokens) {
      expectFailure(await create({ username: '越权', phone: freshPhone(), positions: [{ siteId: 101, isLeader: true, drawAuth: true }], isAdmin: true }, token), 403, ADMINISTRATORS_ONLY);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('/seller/admin/staff/reset-password', () => {
  const reset = (body: Record<string, unknown>, token = admin.token) => call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/reset-password', { token, body });

  it('sends a new one-time password, ends every session of the person, and the next sign-in must replace it', async () => {
    const phone = freshPhone();
    const hired = await create({ username: '重置丁', phone, positions: [{ siteId: 102, isLeader: true, drawAuth: false }] });
    const id = hired.body.data.id;
    const first = await login(server.app, phone, hired.body.data.oneTimePassword);
    await call(server.app, 'POST', '/seller/user/password/update', { token: first.token, body: { password: 'Chongzhi2026a' }, ip: uniqueIp() });
    const open = await login(server.app, phone, 'Chongzhi2026a');
    expect((await call(server.app, 'POST', '/seller/user/info', { token: open.token, body: {} })).status).toBe(200);

    const done = await reset({ staffId: id });
    expect(done.status).toBe(200);
    const { oneTimePassword } = done.body.data;
    expect(oneTimePassword).toMatch(/^\S{6,}$/);
    expect(oneTimePassword).not.toBe(hired.body.data.oneTimePassword);
    expect(done.body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    // The open session ends at once.
    expectFailure(await call(server.app, 'POST', '/seller/user/info', { token: open.token, body: {} }), 401);
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone, password: 'Chongzhi2026a' }, ip: uniqueIp() }), 400, '手机号或密码错误');
    const [sms] = await rows<{ content: string }>(server.db, sql`select content from sms_outbox where phone = ${phone} order by id desc limit 1`);
    expect(sms?.content).toContain(oneTimePassword);
    expect((await login(server.app, phone, oneTimePassword)).mustChangePassword).toBe(true);

    const [entry] = await rows<{ actor_id: number; detail: string }>(server.db, sql`select actor_id, detail from audit_log where action = 'staff.password.reset' and target_id = ${id}`);
    expect(entry?.actor_id).toBe(admin.accountInfo.id);
    expect(entry?.detail).not.toContain(oneTimePassword);
  });

  it('refuses oneself, nobody, a wrong type and non-administrators, writing nothing', async () => {
    const tokens = await Promise.all(Object.values(PHONES).map(async (phone) => (await login(server.app, phone)).token));
    const target = (await login(server.app, PHONES.zhangWei)).accountInfo.id;
    const before = await snapshot();
    const [hashBefore] = await rows<{ password_hash: string }>(server.db, sql`select password_hash from staff where id = ${target}`);
    expectFailure(await reset({ staffId: admin.accountInfo.id }), 400, '不能重置自己的密码，请使用修改密码');
    expectFailure(await reset({ staffId: 999_999 }), 404, '该员工不存在或不在职');
    expectFailure(await reset({ staffId: String(target) }), 400);
    expectFailure(await reset({}), 400);
    for (const token of tokens) expectFailure(await reset({ staffId: target }, token), 403, ADMINISTRATORS_ONLY);
    expect(await snapshot()).toEqual(before);
    const [hashAfter] = await rows<{ password_hash: string }>(server.db, sql`select password_hash from staff where id = ${target}`);
    expect(hashAfter).toEqual(hashBefore);
  });
});
