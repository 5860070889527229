import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTickets, auditLog, smsOutbox, staff } from '../../../src/db/schema.js';
import {
  allowResend,
  at,
  call,
  DEMO_PASSWORD,
  expectFailure,
  latestCode,
  login,
  PHONES,
  rows,
  uniqueIp,
  useTestServer,
  type LoginData,
} from '../../helper.js';

const server = useTestServer();

type Scene = 'changePhone' | 'password' | 'deregister';
interface Member {
  id: number;
  phone: string;
}

const post = <T = unknown>(url: string, token: string | undefined, body: unknown) =>
  call<T>(server.app, 'POST', `/seller/user/${url}`, token === undefined ? { body, ip: uniqueIp() } : { body, token, ip: uniqueIp() });

/** Sends a code of a scene to the user's own phone and returns it. */
async function ownCode(token: string, phone: string, scene: Scene): Promise<string> {
  await allowResend(server.db, phone);
  const sent = await post('send', token, { scene });
  expect(sent.status, `send ${scene}`).toBe(200);
  return latestCode(server.app, phone);
}

/** Goes through /check and returns the ticket of the flow. */
async function ticketFor(token: string, phone: string, scene: Scene): Promise<string> {
  const code = await ownCode(token, phone, scene);
  const checked = await post<{ ticket: string; expiresIn: number }>('check', token, { scene, code });
  expect(checked.status, checked.body.msg).toBe(200);
  return checked.body.data.ticket;
}

const infoOf = (token: string) => post<{ phone: string; username: string; mustChangePassword: boolean }>('info', token, {});
const loginWith = (body: Record<string, unknown>) => call<LoginData>(server.app, 'POST', '/seller/user/v2/login', { body, ip: uniqueIp() });

/** Active salespeople of site 101 beyond the demo accounts: each test that changes an account owns one. */
let members: Member[] = [];
const member = (index: number) => at(members, index);
let nextPhone = 13900000000;
const freshPhone = () => String((nextPhone += 1));

beforeAll(async () => {
  members = await rows<Member>(
    server.db,
    sql`select s.id, s.phone from staff s join positions p on p.staff_id = s.id
        where p.site_id = 101 and not p.is_leader and s.phone not like '1380000000%' and s.status = 'active'
          and not exists (select 1 from positions l where l.staff_id = s.id and l.is_leader)
        order by s.id`,
  );
  expect(members.length).toBeGreaterThanOrEqual(6);
});

describe('POST /seller/user/check', () => {
  it('trades a right code for a ten-minute, single-use ticket stored only hashed, and audits it without the secret', async () => {
    const { phone } = member(0);
    const { token, accountInfo } = await login(server.app, phone);
    const code = await ownCode(token, phone, 'password');

    expectFailure(await post('check', token, { scene: 'password', code: code === '000000' ? '111111' : '000000' }), 400, '验证码错误，请重新输入');
    const checked = await post<{ ticket: string; expiresIn: number }>('check', token, { scene: 'password', code });
    expect(checked.status).toBe(200);
    expect(checked.body.data.expiresIn).toBe(600);
    expect(checked.body.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await server.db.select().from(accountTickets).where(eq(accountTickets.staffId, accountInfo.id));
    expect(stored?.flow).toBe('password');
    expect(stored?.tokenHash).not.toContain(checked.body.data.ticket);
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(600_000);

    // The code is spent.
    expectFailure(await post('check', token, { scene: 'password', code }), 400, '验证码已失效，请重新获取');

    const audit = await server.db.select().from(auditLog).where(eq(auditLog.actorId, accountInfo.id)).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['login', 'check']);
    expect(audit[0]?.ip).toMatch(/^10\./);
    expect(JSON.stringify(audit)).not.toContain(code);
    expect(JSON.stringify(audit)).not.toContain(checked.body.data.ticket);
  });

  it('refuses a code sent for another scene, and an expired code', async () => {
    const { phone } = member(0);
    const { token } = await login(server.app, phone);
    const code = await ownCode(token, phone, 'deregister');
    expectFailure(await post('check', token, { scene: 'changePhone', code }), 400, '验证码已失效，请重新获取');
    await server.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    expectFailure(await post('check', token, { scene: 'deregister', code }), 400, '验证码已失效，请重新获取');
  });

  it('needs a session and a known scene', async () => {
    expectFailure(await post('check', undefined, { scene: 'password', code: '123456' }), 401, '登录过期，请重新登录');
    const { token } = await login(server.app, member(0).phone);
    expectFailure(await post('check', token, { scene: 'login', code: '123456' }), 400);
    expectFailure(await post('check', token, { scene: 'password', code: '12ab' }), 400, '请输入6位数字验证码');
  });
});

describe('POST /seller/user/reset/tel', () => {
  it('moves the account to a new phone: this session stays, every other ends, the new number logs in', async () => {
    const { phone, id } = member(1);
    const other = await login(server.app, phone);
    const { token } = await login(server.app, phone);
    const ticket = await ticketFor(token, phone, 'changePhone');
    const newPhone = freshPhone();

    const sent = await call<{ phone: string }>(server.app, 'POST', '/seller/user/send/msg', { body: { phone: newPhone, scene: 'newPhone', ticket }, token, ip: uniqueIp() });
    expect(sent.status, sent.body.msg).toBe(200);
    const code = await latestCode(server.app, newPhone);
    expectFailure(await post('reset/tel', token, { ticket, phone: newPhone, code: code === '000000' ? '111111' : '000000' }), 400, '验证码错误，请重新输入');
    const changed = await post<{ id: number; phone: string }>('reset/tel', token, { ticket, phone: newPhone, code });
    expect(changed.status, changed.body.msg).toBe(200);
    expect(changed.body.data).toMatchObject({ id, phone: newPhone });

    expect((await infoOf(token)).body.data.phone).toBe(newPhone);
    expectFailure(await infoOf(other.token), 401, '登录过期，请重新登录');
    expect((await loginWith({ phone: newPhone, password: DEMO_PASSWORD })).status).toBe(200);
    expectFailure(await loginWith({ phone, password: DEMO_PASSWORD }), 400, '手机号或密码错误');

    // The ticket was spent.
    expectFailure(await post('reset/tel', token, { ticket, phone: freshPhone(), code }), 400, '验证已失效，请重新获取验证码');
    const [audit] = await server.db.select().from(auditLog).where(and(eq(auditLog.actorId, id), eq(auditLog.action, 'phone.change')));
    expect(audit?.targetId).toBe(id);
  });

  it('sends a newPhone code only with the user’s own live changePhone ticket', async () => {
    const { phone } = member(2);
    const { token } = await login(server.app, phone);
    const target = freshPhone();
    const sendNew = (body: Record<string, unknown>, asToken = token) =>
      call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: target, scene: 'newPhone', ...body }, token: asToken, ip: uniqueIp() });

    expectFailure(await sendNew({}), 400, '请先验证当前手机号');
    const passwordTicket = await ticketFor(token, phone, 'password');
    expectFailure(await sendNew({ ticket: passwordTicket }), 400, '验证已失效，请重新获取验证码');
    const someoneElse = await login(server.app, member(3).phone);
    const changeTicket = await ticketFor(token, phone, 'changePhone');
    expectFailure(await sendNew({ ticket: changeTicket }, someoneElse.token), 400, '验证已失效，请重新获取验证码');
    expectFailure(await sendNew({ ticket: changeTicket, phone: PHONES.liNa }), 409, '该手机号已被其他账号使用');
    await server.db.execute(sql`update account_tickets set expires_at = now() - interval '1 second' where flow = 'changePhone'`);
    expectFailure(await sendNew({ ticket: changeTicket }), 400, '验证已失效，请重新获取验证码');
  });

  it('refuses a taken phone, a ticket of another flow and a code of another scene', async () => {
    const { phone } = member(2);
    const { token } = await login(server.app, phone);
    const changeTicket = await ticketFor(token, phone, 'changePhone');
    expectFailure(await post('reset/tel', token, { ticket: changeTicket, phone: PHONES.zhangWei, code: '123456' }), 409, '该手机号已被其他账号使用');
    expectFailure(await post('reset/tel', token, { ticket: changeTicket, phone: '1234', code: '123456' }), 400, '请输入正确的手机号');

    const target = freshPhone();
    const sent = await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: target, scene: 'newPhone', ticket: changeTicket }, token, ip: uniqueIp() });
    expect(sent.status).toBe(200);
    const code = await latestCode(server.app, target);
    const passwordTicket = await ticketFor(token, phone, 'password');
    expectFailure(await post('reset/tel', token, { ticket: passwordTicket, phone: target, code }), 400, '验证已失效，请重新获取验证码');
    expectFailure(await post('reset/tel', token, { ticket: changeTicket, phone: target, code: code === '000000' ? '111111' : '000000' }), 400, '验证码错误，请重新输入');
    const [row] = await server.db.select({ phone: staff.phone }).from(staff).where(eq(staff.id, member(2).id));
    expect(row?.phone).toBe(phone);
    // A refused ticket did not spend the code.
    expect((await post('reset/tel', token, { ticket: changeTicket, phone: target, code })).status).toBe(200);
  });
});

describe('POST /seller/user/password/update', () => {
  it('changes the password with the old one, under the policy, and ends every other session', async () => {
    const { phone, id } = member(3);
    const other = await login(server.app, phone);
    const { token } = await login(server.app, phone);
    const update = (body: Record<string, unknown>) => post('password/update', token, body);

    expectFailure(await update({ password: 'Abcdef12' }), 400, '请输入原密码，或通过验证码验证');
    expectFailure(await update({ oldPassword: 'Wrong@2025', password: 'Abcdef12' }), 400, '原密码错误');
    expectFailure(await update({ oldPassword: DEMO_PASSWORD, password: 'Ab1' }), 400, '密码长度须为8–32位');
    expectFailure(await update({ oldPassword: DEMO_PASSWORD, password: 'abcdefghij' }), 400, '密码须同时包含字母和数字');
    expectFailure(await update({ oldPassword: DEMO_PASSWORD, password: `a${phone}` }), 400, '密码不能包含手机号');
    expectFailure(await update({ oldPassword: DEMO_PASSWORD, password: DEMO_PASSWORD }), 400, '新密码不能与当前密码相同');
    expect((await infoOf(other.token)).status).toBe(200);

    expect((await update({ oldPassword: DEMO_PASSWORD, password: 'Newpass2026' })).status).toBe(200);
    expect((await infoOf(token)).status).toBe(200);
    expectFailure(await infoOf(other.token), 401, '登录过期，请重新登录');
    expectFailure(await loginWith({ phone, password: DEMO_PASSWORD }), 400, '手机号或密码错误');
    expect((await loginWith({ phone, password: 'Newpass2026' })).status).toBe(200);
    const [stored] = await server.db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, id));
    expect(stored?.hash).not.toContain('Newpass2026');
    const audit = await server.db.select().from(auditLog).where(and(eq(auditLog.actorId, id), eq(auditLog.action, 'password.change')));
    expect(audit).toHaveLength(1);
  });

  it('changes the password with a password ticket once, and not with a ticket of another flow', async () => {
    const { phone } = member(4);
    const { token } = await login(server.app, phone);
    const changeTicket = await ticketFor(token, phone, 'changePhone');
    expectFailure(await post('password/update', token, { ticket: changeTicket, password: 'Ticket2026a' }), 400, '验证已失效，请重新获取验证码');
    const ticket = await ticketFor(token, phone, 'password');
    expect((await post('password/update', token, { ticket, password: 'Ticket2026a' })).status).toBe(200);
    expectFailure(await post('password/update', token, { ticket, password: 'Ticket2026b' }), 400, '验证已失效，请重新获取验证码');
    expect((await loginWith({ phone, password: 'Ticket2026a' })).status).toBe(200);
  });
});

describe('POST /seller/user/reset/staff/password', () => {
  it('lets a leader reset a member of their site: one-time password by SMS, sessions end, a new password first', async () => {
    const target = member(5);
    const before = await login(server.app, target.phone);
    const leader = await login(server.app, PHONES.liNa);
    const reset = await post<{ phone: string }>('reset/staff/password', leader.token, { staffId: target.id });
    expect(reset.status, reset.body.msg).toBe(200);
    expect(reset.body.data.phone).toBe(`${target.phone.slice(0, 3)}****${target.phone.slice(7)}`);
    expectFailure(await infoOf(before.token), 401, '登录过期，请重新登录');
    expectFailure(await loginWith({ phone: target.phone, password: DEMO_PASSWORD }), 400, '手机号或密码错误');

    const oneTime = await latestCode(server.app, target.phone);
    expect(oneTime).toMatch(/^[a-z2-9]{10}$/);
    const [sms] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, target.phone)).orderBy(desc(smsOutbox.id)).limit(1);
    expect(sms?.content).toContain(oneTime);

    const logged = await loginWith({ phone: target.phone, password: oneTime });
    expect(logged.status).toBe(200);
    expect(logged.body.data.mustChangePassword).toBe(true);
    const { token } = logged.body.data;
    expect((await infoOf(token)).body.data.mustChangePassword).toBe(true);
    const list = await call(server.app, 'POST', '/seller/fenghe/staff/customer/list', { token, body: { siteId: 101 } });
    expectFailure(list, 403, '密码已被重置，请先设置新密码');
    expectFailure(await post('send', token, { scene: 'password' }), 403, '密码已被重置，请先设置新密码');

    expectFailure(await post('password/update', token, { password: 'short1' }), 400, '密码长度须为8–32位');
    expect((await post('password/update', token, { password: 'Mine2026x' })).status).toBe(200);
    expect((await infoOf(token)).body.data.mustChangePassword).toBe(false);
    expect((await call(server.app, 'POST', '/seller/fenghe/staff/customer/list', { token, body: { siteId: 101 } })).status).toBe(200);
    expect((await loginWith({ phone: target.phone, password: 'Mine2026x' })).body.data.mustChangePassword).toBe(false);
    expectFailure(await loginWith({ phone: target.phone, password: oneTime }), 400, '手机号或密码错误');

    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'password.reset'));
    expect(audit.map((row) => [row.actorId, row.targetId])).toEqual([[leader.accountInfo.id, target.id]]);
    expect(JSON.stringify(audit)).not.toContain(oneTime);
  });

  it('refuses someone outside the leader’s sites, a fellow leader, oneself, and any salesperson', async () => {
    const liNa = await login(server.app, PHONES.liNa);
    const liuYang = await login(server.app, PHONES.liuYang);
    const wangQiang = await login(server.app, PHONES.wangQiang);
    const zhangWei = await login(server.app, PHONES.zhangWei);
    expectFailure(await post('reset/staff/password', liNa.token, { staffId: liuYang.accountInfo.id }), 404, '员工不存在');
    expectFailure(await post('reset/staff/password', liNa.token, { staffId: 999999 }), 404, '员工不存在');
    expectFailure(await post('reset/staff/password', liNa.token, { staffId: wangQiang.accountInfo.id }), 403, '不能重置其他主管的密码');
    expectFailure(await post('reset/staff/password', liNa.token, { staffId: liNa.accountInfo.id }), 400, '不能重置自己的密码，请使用修改密码');
    expectFailure(await post('reset/staff/password', zhangWei.token, { staffId: member(0).id }), 404, '员工不存在');
    // 王强 leads 101 and 102 but is a salesperson at 201: 刘洋 of 201 is not his to reset.
    expectFailure(await post('reset/staff/password', wangQiang.token, { staffId: liuYang.accountInfo.id }), 404, '员工不存在');
    expectFailure(await post('reset/staff/password', liNa.token, { staffId: 'x' }), 400);
    // Nothing changed for them.
    expect((await loginWith({ phone: PHONES.liuYang, password: DEMO_PASSWORD })).body.data.mustChangePassword).toBe(false);
    expect((await infoOf(liuYang.token)).status).toBe(200);
  });
});

describe('POST /seller/user/write/off/web', () => {
  it('deletes the account: no login, anonymised, records kept under 已注销, sessions ended, the phone free again', async () => {
    const [owner] = await rows<Member & { orderId: number }>(
      server.db,
      sql`select s.id, s.phone, o.id as "orderId" from staff s join orders o on o.staff_id = s.id join positions p on p.staff_id = s.id
          where p.site_id = 101 and o.site_id = 101 and not p.is_leader and s.phone not like '1380000000%' and s.id <> all(${sql.raw(`array[${members.slice(0, 6).map((m) => m.id).join(',')}]::int[]`)})
          order by s.id limit 1`,
    );
    if (!owner) throw new Error('no salesperson of 101 with orders beyond the test members');
    const other = await login(server.app, owner.phone);
    const { token } = await login(server.app, owner.phone);
    const ordersBefore = await rows<{ count: number }>(server.db, sql`select count(*)::int as count from orders where staff_id = ${owner.id}`);

    expectFailure(await post('write/off/web', token, {}), 400, '请填写验证凭证');
    const passwordTicket = await ticketFor(token, owner.phone, 'password');
    expectFailure(await post('write/off/web', token, { ticket: passwordTicket }), 400, '验证已失效，请重新获取验证码');
    const ticket = await ticketFor(token, owner.phone, 'deregister');
    expect((await post('write/off/web', token, { ticket })).status).toBe(200);

    expectFailure(await infoOf(token), 401, '登录过期，请重新登录');
    expectFailure(await infoOf(other.token), 401, '登录过期，请重新登录');
    expectFailure(await loginWith({ phone: owner.phone, password: DEMO_PASSWORD }), 400, '手机号或密码错误');
    expectFailure(await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: owner.phone }, ip: uniqueIp() }), 400, '该手机号未开通账号，请联系管理员');

    const [row] = await server.db.select().from(staff).where(eq(staff.id, owner.id));
    expect(row).toMatchObject({ username: '已注销', avatar: null, status: 'deleted' });
    expect(row?.phone).not.toBe(owner.phone);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await rows(server.db, sql`select count(*)::int as count from orders where staff_id = ${owner.id}`)).toEqual(ordersBefore);

    const leader = await login(server.app, PHONES.liNa);
    const detail = await call<{ staff: { username: string } | null }>(server.app, 'POST', '/seller/fenghe/staff/order/detail', { token: leader.token, body: { siteId: 101, id: owner.orderId } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.staff?.username).toBe('已注销');

    // The number is free: another account may take it.
    const { phone } = member(0);
    const mover = await login(server.app, phone);
    const changeTicket = await ticketFor(mover.token, phone, 'changePhone');
    await allowResend(server.db, owner.phone);
    const sent = await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: owner.phone, scene: 'newPhone', ticket: changeTicket }, token: mover.token, ip: uniqueIp() });
    expect(sent.status, sent.body.msg).toBe(200);
    const code = await latestCode(server.app, owner.phone);
    expect((await post('reset/tel', mover.token, { ticket: changeTicket, phone: owner.phone, code })).status).toBe(200);
    expect((await loginWith({ phone: owner.phone, password: DEMO_PASSWORD })).body.data.accountInfo.id).toBe(member(0).id);
  });

  it('keeps the audit log append-only', async () => {
    const [entry] = await server.db.select().from(auditLog).limit(1);
    expect(entry).toBeDefined();
    await expect(server.db.execute(sql`update audit_log set action = 'x' where id = ${entry?.id ?? 0}`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [still] = await server.db.select().from(auditLog).where(eq(auditLog.id, entry?.id ?? 0));
    expect(still?.action).toBe(entry?.action);
  });
});
