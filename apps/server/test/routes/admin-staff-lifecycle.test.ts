/**
 * Issue 26 §4: 编辑 / 调岗, 离职 and 启用 as an administrator does them — every rule and refusal, the
 * handover of customers in the same transaction, sign-in refused with 账号已停用, and the past
 * unchanged: the answers of earlier periods hash the same before and after a deactivation.
 */
import { createHash } from 'node:crypto';
import { chinaDayString, shiftDay, type AdminHandoverInfo, type AdminOneTimePassword, type AdminStaffResult, type Ranking, type UserInfo } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../src/db/seed.js';
import { LAST_ADMINISTRATOR } from '../../src/plugins/app/admin/administrators.js';
import { ADMINISTRATORS_ONLY } from '../../src/plugins/app/sales/sales-authorization.js';
import { allowResend, at, call, expectFailure, latestCode, login, PHONES, rows, uniqueIp, useTestServer, type LoginData } from '../helper.js';

const server = useTestServer();
let admin: LoginData;

const adminCall = <T = unknown>(path: string, body: Record<string, unknown>, token = admin.token) =>
  call<T>(server.app, 'POST', `/seller/admin/staff/${path}`, { token, body });
const update = (body: Record<string, unknown>, token?: string) => adminCall<AdminStaffResult>('update', body, token);
const deactivate = (body: Record<string, unknown>, token?: string) => adminCall<AdminStaffResult>('deactivate', body, token);
const reactivate = (body: Record<string, unknown>, token?: string) => adminCall<AdminStaffResult>('reactivate', body, token);
const handover = (staffId: number) => adminCall<AdminHandoverInfo>('handover', { staffId });

const count = async (table: string) => (await rows<{ n: number }>(server.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n ?? 0;
/** Everything a refused write could have touched. */
const snapshot = async () => ({
  counts: await Promise.all(['staff', 'positions', 'audit_log', 'customer_bindings', 'sessions', 'notices'].map(count)),
  staff: await rows(server.db, sql`select id, username, status, is_admin, report_all_sites, team_report_auth, wecom_user_id, deactivated_at from staff order by id`),
  positions: await rows(server.db, sql`select id, staff_id, site_id, is_leader, draw_auth from positions order by id`),
  owners: await rows(server.db, sql`select id, owner_id from customers order by id`),
  openSessions: await rows(server.db, sql`select id from sessions where revoked_at is null order by id`),
});

let phoneSeq = 0;
const freshPhone = () => `1990000${String(6000 + ++phoneSeq).padStart(4, '0')}`;

/** A new person at the given positions who has signed in and chosen a password; their id, phone and an open session. */
async function hire(username: string, positions: { siteId: number; isLeader: boolean; drawAuth: boolean }[], extra: Record<string, unknown> = {}) {
  const phone = freshPhone();
  const created = await call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/create', { token: admin.token, body: { username, phone, positions, ...extra } });
  expect(created.status).toBe(200);
  const first = await login(server.app, phone, created.body.data.oneTimePassword);
  await call(server.app, 'POST', '/seller/user/password/update', { token: first.token, body: { password: 'Lifecycle2026a' }, ip: uniqueIp() });
  const session = await login(server.app, phone, 'Lifecycle2026a');
  return { id: created.body.data.id, phone, token: session.token };
}

/** Gives `ownerId` `n` customers of the site (the demo's unbound ones first), with open bindings. */
async function giveCustomers(ownerId: number, siteId: number, n: number): Promise<number[]> {
  const picked = await rows<{ id: number }>(server.db, sql`select id from customers where site_id = ${siteId} order by owner_id is null desc, id limit ${n}`);
  const ids = picked.map((row) => row.id);
  for (const id of ids) {
    await server.db.execute(sql`update customer_bindings set unbound_at = now() where customer_id = ${id} and unbound_at is null`);
    await server.db.execute(sql`insert into customer_bindings (customer_id, staff_id, bound_by, kind) values (${id}, ${ownerId}, ${ownerId}, 'bind')`);
    await server.db.execute(sql`update customers set owner_id = ${ownerId} where id = ${id}`);
  }
  return ids;
}

const ownersOf = async (ids: number[]) =>
  (await rows<{ owner_id: number | null }>(server.db, sql`select owner_id from customers where id in ${sql.raw(`(${ids.join(',')})`)} order by id`)).map((row) => row.owner_id);

/** The 客户分配 notices `staffId` got after notice `afterId`: body and link. */
const assignedSince = (staffId: number, afterId: number) =>
  rows<{ body: string; link: string }>(server.db, sql`select body, link from notices where staff_id = ${staffId} and kind = 'customerAssigned' and id > ${afterId} order by id`);
const lastNoticeId = async () => (await rows<{ id: number | null }>(server.db, sql`select max(id)::int as id from notices`))[0]?.id ?? 0;

const info = (token: string) => call<UserInfo>(server.app, 'POST', '/seller/user/info', { token, body: {} });
const passwordLogin = (phone: string, password: string) => call(server.app, 'POST', '/seller/user/v2/login', { body: { phone, password }, ip: uniqueIp() });

let liNaId: number;
let chenJingId: number;

beforeAll(async () => {
  admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
  liNaId = (await login(server.app, PHONES.liNa)).accountInfo.id;
  chenJingId = (await login(server.app, PHONES.chenJing)).accountInfo.id;
});

describe('/seller/admin/staff/update (编辑 / 调岗)', () => {
  it('changes name, flags and WeCom id, audited, and the open session sees it at once', async () => {
    const person = await hire('编辑甲', [{ siteId: 101, isLeader: false, drawAuth: false }]);
    const done = await update({ staffId: person.id, username: ' 编辑乙 ', teamReportAuth: true, reportAllSites: true, wecomUserId: 'bianji.yi', dingtalkUserId: 'dd.bianji' });
    expect(done.status).toBe(200);
    expect(done.body.data.staff).toMatchObject({ id: person.id, username: '编辑乙', teamReportAuth: true, reportAllSites: true, wecomUserId: 'bianji.yi', dingtalkUserId: 'dd.bianji', status: 'active' });
    expect((await info(person.token)).body.data).toMatchObject({ username: '编辑乙' });
    const [entry] = await rows<{ actor_id: number; detail: string }>(server.db, sql`select actor_id, detail from audit_log where action = 'staff.update' and target_id = ${person.id}`);
    expect(entry?.actor_id).toBe(admin.accountInfo.id);
    expect(entry?.detail).toContain('姓名 编辑甲 → 编辑乙');
    expect(entry?.detail).toContain('团队报表 否 → 是');
  });

  it('moves a person between sites: customers of the site left go where the request says, in the same transaction, and positions apply at once', async () => {
    const person = await hire('调岗丙', [{ siteId: 101, isLeader: false, drawAuth: true }]);
    const owned = await giveCustomers(person.id, 101, 3);
    expect((await info(person.token)).body.data.positionUsers).toMatchObject([{ departmentId: 101 }]);
    const preview = await handover(person.id);
    expect(preview.body.data.sites).toMatchObject([{ siteId: 101, siteName: '华东一部', customerCount: 3 }]);
    expect(at(preview.body.data.sites, 0).colleagues.some((colleague) => colleague.id === liNaId)).toBe(true);
    expect(at(preview.body.data.sites, 0).colleagues.some((colleague) => colleague.id === person.id)).toBe(false);

    const before = await snapshot();
    const moveTo102 = { staffId: person.id, positions: [{ siteId: 102, isLeader: true, drawAuth: false }] };
    expectFailure(await update(moveTo102), 400, /华东一部.*3 位客户/);
    // 陈静 works at 102, not 101; the person themself is leaving 101.
    expectFailure(await update({ ...moveTo102, handovers: [{ siteId: 101, toStaffId: chenJingId }] }), 400, '接手的同事须是「华东一部」的在职成员');
    expectFailure(await update({ ...moveTo102, handovers: [{ siteId: 101, toStaffId: person.id }] }), 400, '接手的同事须是「华东一部」的在职成员');
    expectFailure(await update({ ...moveTo102, handovers: [{ siteId: 101, toStaffId: 999_999 }] }), 400);
    expectFailure(await update({ ...moveTo102, handovers: [{ siteId: 101, toStaffId: null }, { siteId: 101, toStaffId: liNaId }] }), 400, '同一站点只能指定一种客户交接');
    expectFailure(await update({ ...moveTo102, handovers: [{ siteId: 101, toStaffId: '5' }] }), 400);
    expectFailure(await update({ staffId: person.id, handovers: [{ siteId: 101, toStaffId: liNaId }] }), 400, '岗位未变，无需交接客户');
    expect(await snapshot()).toEqual(before);

    const done = await update({ ...moveTo102, handovers: [{ siteId: 101, toStaffId: liNaId }] });
    expect(done.status).toBe(200);
    expect(done.body.data.staff.positions).toEqual([{ siteId: 102, siteName: '华东二部', isLeader: true, drawAuth: false }]);
    expect(await ownersOf(owned)).toEqual(owned.map(() => liNaId));
    const open = await rows<{ staff_id: number; kind: string; bound_by: number }>(
      server.db,
      sql`select staff_id, kind, bound_by from customer_bindings where customer_id in ${sql.raw(`(${owned.join(',')})`)} and unbound_at is null`,
    );
    expect(open).toEqual(owned.map(() => ({ staff_id: liNaId, kind: 'transfer', bound_by: admin.accountInfo.id })));
    // The open session reads the new position at once (staffChanged after commit).
    expect((await info(person.token)).body.data.positionUsers).toMatchObject([{ departmentId: 102, isLeader: true }]);
    const [entry] = await rows<{ detail: string }>(server.db, sql`select detail from audit_log where action = 'staff.update' and target_id = ${person.id} order by id desc limit 1`);
    expect(entry?.detail).toContain('华东一部 3 位客户 → 李娜');
  });

  it('returns the customers to the site unbound (退回站点) when asked', async () => {
    const person = await hire('调岗丁', [{ siteId: 101, isLeader: false, drawAuth: false }, { siteId: 102, isLeader: false, drawAuth: false }]);
    const owned = await giveCustomers(person.id, 101, 2);
    const done = await update({ staffId: person.id, positions: [{ siteId: 102, isLeader: false, drawAuth: false }], handovers: [{ siteId: 101, toStaffId: null }] });
    expect(done.status).toBe(200);
    expect(await ownersOf(owned)).toEqual([null, null]);
    const [site] = await rows<{ n: number }>(server.db, sql`select count(*)::int as n from customers where id in ${sql.raw(`(${owned.join(',')})`)} and site_id = 101`);
    expect(site?.n).toBe(2);
    const open = await rows(server.db, sql`select id from customer_bindings where customer_id in ${sql.raw(`(${owned.join(',')})`)} and unbound_at is null`);
    expect(open).toEqual([]);
  });

  it('refuses archived sites (update and create), unknown ones, bad input and the last administrator losing the flag, writing nothing', async () => {
    const site = await call<{ id: number }>(server.app, 'POST', '/seller/admin/site/create', { token: admin.token, body: { name: '已撤部门', region: '华东' } });
    await call(server.app, 'POST', '/seller/admin/site/archive', { token: admin.token, body: { id: site.body.data.id } });
    const person = await hire('拒绝戊', [{ siteId: 102, isLeader: false, drawAuth: false }]);
    const before = await snapshot();
    expectFailure(await update({ staffId: person.id, positions: [{ siteId: site.body.data.id, isLeader: false, drawAuth: false }] }), 400, '站点「已撤部门」已归档，不能在此设岗位');
    expectFailure(
      await call(server.app, 'POST', '/seller/admin/staff/create', {
        token: admin.token,
        body: { username: '归档', phone: freshPhone(), positions: [{ siteId: site.body.data.id, isLeader: false, drawAuth: false }] },
      }),
      400,
      '站点「已撤部门」已归档，不能在此设岗位',
    );
    expectFailure(await update({ staffId: person.id, positions: [{ siteId: 999_999, isLeader: false, drawAuth: false }] }), 400, '所选站点不存在');
    expectFailure(await update({ staffId: person.id, username: '  ' }), 400, '姓名须为 1–32 个字');
    expectFailure(await update({ staffId: person.id, wecomUserId: 'has space' }), 400);
    expectFailure(await update({ staffId: person.id, isAdmin: 'false' }), 400);
    expectFailure(await update({ staffId: 999_999, username: '无人' }), 404, '该员工不存在');
    expectFailure(await update({ staffId: admin.accountInfo.id, isAdmin: false }), 409, LAST_ADMINISTRATOR);
    expect(await snapshot()).toEqual(before);
  });
});

describe('/seller/admin/staff/deactivate (离职) and /reactivate (启用)', () => {
  it('ends every session at once, refuses sign-in with 账号已停用, and hands the customers to the chosen colleague', async () => {
    const person = await hire('离职甲', [{ siteId: 101, isLeader: false, drawAuth: false }]);
    const owned = await giveCustomers(person.id, 101, 3);
    // A login code sent before the deactivation is no way back in.
    await allowResend(server.db, person.phone);
    expect((await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: person.phone, scene: 'login' }, ip: uniqueIp() })).status).toBe(200);
    const code = await latestCode(server.app, person.phone);
    expect((await info(person.token)).status).toBe(200);

    const before = await snapshot();
    expectFailure(await deactivate({ staffId: person.id, handovers: [] }), 400, /华东一部.*3 位客户/);
    expectFailure(await deactivate({ staffId: person.id, handovers: [{ siteId: 101, toStaffId: chenJingId }] }), 400, '接手的同事须是「华东一部」的在职成员');
    expectFailure(await deactivate({ staffId: person.id }), 400);
    expect(await snapshot()).toEqual(before);

    const noticesBefore = await lastNoticeId();
    const done = await deactivate({ staffId: person.id, handovers: [{ siteId: 101, toStaffId: liNaId }] });
    expect(done.status).toBe(200);
    // The colleague who takes them over is told, once for the three, linking to their customer list.
    const told = await assignedSince(liNaId, noticesBefore);
    expect(told).toEqual([{ body: expect.stringMatching(/^客户「.+」等 3 位客户已转给您负责，请及时跟进。$/), link: '/pages/details/allCustomers' }]);
    expect(done.body.data.staff).toMatchObject({ status: 'inactive', positions: [{ siteId: 101 }] });
    expect(done.body.data.staff.deactivatedAt).toEqual(expect.any(String));
    expectFailure(await info(person.token), 401);
    expectFailure(await passwordLogin(person.phone, 'Lifecycle2026a'), 400, '账号已停用，请联系管理员');
    // A wrong password says nothing more than for anyone.
    expectFailure(await passwordLogin(person.phone, 'Wrong2026a'), 400, '手机号或密码错误');
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: person.phone, code }, ip: uniqueIp() }), 400, '账号已停用，请联系管理员');
    await allowResend(server.db, person.phone);
    expectFailure(await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: person.phone, scene: 'login' }, ip: uniqueIp() }), 400, '账号已停用，请联系管理员');
    expect(await ownersOf(owned)).toEqual(owned.map(() => liNaId));
    // Positions are kept (the past still counts them); they are inactive in 员工.
    const inactive = await adminCall<{ list: { id: number }[] }>('list', { staffStatus: 'inactive' });
    expect(inactive.body.data.list.some((row) => row.id === person.id)).toBe(true);
    const [entry] = await rows<{ actor_id: number; detail: string }>(server.db, sql`select actor_id, detail from audit_log where action = 'staff.deactivate' and target_id = ${person.id}`);
    expect(entry?.actor_id).toBe(admin.accountInfo.id);
    expect(entry?.detail).toContain('华东一部 3 位客户 → 李娜');

    expectFailure(await deactivate({ staffId: person.id, handovers: [] }), 409, '该员工已停用');

    // 启用: sign-in works again with the old password; the customers stay with the colleague.
    const back = await reactivate({ staffId: person.id });
    expect(back.status).toBe(200);
    expect(back.body.data.staff).toMatchObject({ status: 'active', deactivatedAt: null });
    expect((await passwordLogin(person.phone, 'Lifecycle2026a')).status).toBe(200);
    expect(await ownersOf(owned)).toEqual(owned.map(() => liNaId));
    expectFailure(await reactivate({ staffId: person.id }), 409, '该员工在职，无需启用');
    const [reEntry] = await rows<{ detail: string }>(server.db, sql`select detail from audit_log where action = 'staff.reactivate' and target_id = ${person.id}`);
    expect(reEntry?.detail).toContain('启用 离职甲');
  });

  it('returns customers unbound per site, and frees the phone for someone new; reactivating then is 409', async () => {
    const person = await hire('离职乙', [{ siteId: 101, isLeader: false, drawAuth: false }, { siteId: 102, isLeader: false, drawAuth: false }]);
    const at101 = await giveCustomers(person.id, 101, 1);
    const at102 = await giveCustomers(person.id, 102, 2);
    expect((await handover(person.id)).body.data.sites.map((site) => [site.siteId, site.customerCount])).toEqual([
      [101, 1],
      [102, 2],
    ]);
    expectFailure(await deactivate({ staffId: person.id, handovers: [{ siteId: 101, toStaffId: null }] }), 400, /华东二部.*2 位客户/);
    const noticesBefore = await lastNoticeId();
    const done = await deactivate({ staffId: person.id, handovers: [{ siteId: 101, toStaffId: null }, { siteId: 102, toStaffId: chenJingId }] });
    expect(done.status).toBe(200);
    // Customers returned to the site tell nobody; the two handed to 陈静 tell her.
    expect(await assignedSince(chenJingId, noticesBefore)).toEqual([{ body: expect.stringContaining('等 2 位客户已转给您负责'), link: '/pages/details/allCustomers' }]);
    expect((await rows(server.db, sql`select id from notices where kind = 'customerAssigned' and id > ${noticesBefore} and staff_id <> ${chenJingId}`)).length).toBe(0);
    expect(await ownersOf(at101)).toEqual([null]);
    expect(await ownersOf(at102)).toEqual([chenJingId, chenJingId]);

    // Phone uniqueness is among active staff only: the number may be given to someone new.
    const again = await call<AdminOneTimePassword>(server.app, 'POST', '/seller/admin/staff/create', {
      token: admin.token,
      body: { username: '新号主', phone: person.phone, positions: [] },
    });
    expect(again.status).toBe(200);
    const before = await snapshot();
    expectFailure(await reactivate({ staffId: person.id }), 409, '该手机号已被在职员工使用，无法启用');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses oneself, the unknown, wrong types and non-administrators, writing nothing', async () => {
    const tokens = await Promise.all(Object.values(PHONES).map(async (phone) => (await login(server.app, phone)).token));
    const person = await hire('越权丙', [{ siteId: 102, isLeader: false, drawAuth: false }]);
    const before = await snapshot();
    expectFailure(await deactivate({ staffId: admin.accountInfo.id, handovers: [] }), 400, '不能停用自己的账号');
    expectFailure(await deactivate({ staffId: 999_999, handovers: [] }), 404, '该员工不存在');
    expectFailure(await reactivate({ staffId: 999_999 }), 404, '该员工不存在');
    expectFailure(await deactivate({ staffId: String(person.id), handovers: [] }), 400);
    expectFailure(await reactivate({ staffId: String(person.id) }), 400);
    for (const token of tokens) {
      expectFailure(await deactivate({ staffId: person.id, handovers: [] }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await reactivate({ staffId: person.id }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await update({ staffId: person.id, isAdmin: true }, token), 403, ADMINISTRATORS_ONLY);
      expectFailure(await call(server.app, 'POST', '/seller/admin/staff/handover', { token, body: { staffId: person.id } }), 403, ADMINISTRATORS_ONLY);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses deactivating the last active administrator (409), and allows it while another one remains', async () => {
    const other = await hire('管理丁', [], { isAdmin: true });
    const otherLogin = { token: other.token };
    // Only 管理丁 and the demo administrator are administrators: one may deactivate the other…
    const done = await deactivate({ staffId: admin.accountInfo.id, handovers: [] }, otherLogin.token);
    expect(done.status).toBe(200);
    // …but not the last one (only themself is left, which is refused first; the rule itself holds).
    expectFailure(await update({ staffId: other.id, isAdmin: false }, otherLogin.token), 409, LAST_ADMINISTRATOR);
    expect((await reactivate({ staffId: admin.accountInfo.id }, otherLogin.token)).status).toBe(200);
    admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
  });
});

describe('离职 and the past', () => {
  const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

  it('every figure, ranking, list and report of the previous period reads the same after a salesperson who sold then leaves', async () => {
    const leader = await login(server.app, PHONES.liNa);
    const ask = async (path: string, body: Record<string, unknown>) => {
      const response = await call(server.app, 'POST', path, { token: leader.token, body });
      expect(response.status, path).toBe(200);
      return response.body.data;
    };
    // The salesperson of 华东一部 who sold most last month (not a demo account).
    const ranking = (await ask('/seller/fenghe/staff/performance/ranking', { siteId: 101, period: 'lastMonth', metric: 'orderAmount' })) as Ranking;
    const seller = ranking.list.find((entry) => entry.value > 0 && !entry.member.isLeader && entry.member.username !== '张伟');
    expect(seller, 'a salesperson who sold last month').toBeDefined();
    const sellerId = seller?.member.id ?? 0;
    const lastMonth = shiftDay(`${chinaDayString(new Date()).slice(0, 7)}-01`, -1).slice(0, 7);
    const weeks = await rows<{ period_start: string }>(
      server.db,
      sql`select period_start from reports where site_id = 101 and kind = 'weekly' and period_start < ${shiftDay(chinaDayString(new Date()), -7)} order by period_start desc limit 1`,
    );
    const pastWeek = at(weeks, 0).period_start;

    const answers = async () => ({
      site: await ask('/seller/fenghe/staff/performance/site', { siteId: 101, period: 'lastMonth' }),
      rankings: await Promise.all(
        ['orderAmount', 'orderCount', 'newCustomers', 'followUps'].map((metric) => ask('/seller/fenghe/staff/performance/ranking', { siteId: 101, period: 'lastMonth', metric })),
      ),
      person: await ask('/seller/fenghe/staff/performance/person', { siteId: 101, staffId: sellerId, period: 'lastMonth' }),
      details: await ask('/seller/fenghe/staff/performance/details', { siteId: 101, staffId: sellerId, period: 'lastMonth', view: 'order' }),
      standards: await ask('/seller/fenghe/staff/performance/standard', { siteId: 101, month: lastMonth }),
      attendance: await ask('/seller/fenghe/staff/attendance/month', { siteId: 101, month: lastMonth }),
      attendanceOfSeller: await ask('/seller/fenghe/staff/attendance/month', { siteId: 101, month: lastMonth, staffId: sellerId }),
      reports: await ask('/seller/weekly/staff/list', { siteId: 101, scope: 'members', pageSize: 100 }),
      team: await ask('/seller/weekly/staff/team', { siteId: 101, periodStart: pastWeek }),
      teamHalfMonth: await ask('/seller/halfmonth/staff/team', { siteId: 101 }),
    });
    const before = await answers();
    const customers = await rows<{ n: number }>(server.db, sql`select count(*)::int as n from customers where owner_id = ${sellerId} and site_id = 101`);
    const done = await deactivate({ staffId: sellerId, handovers: (customers[0]?.n ?? 0) > 0 ? [{ siteId: 101, toStaffId: liNaId }] : [] });
    expect(done.status).toBe(200);
    const after = await answers();
    for (const key of Object.keys(before) as (keyof typeof before)[]) expect(hashOf(after[key]), key).toBe(hashOf(before[key]));
    // This month still shows them: they are part of it.
    const month = (await ask('/seller/fenghe/staff/performance/site', { siteId: 101, period: 'month' })) as { members: { member: { id: number } }[] };
    expect(month.members.some((row) => row.member.id === sellerId)).toBe(true);
  });
});
