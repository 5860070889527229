import { createHash } from 'node:crypto';
import { derivePermissions, mergeSites, resolveCurrentSite, type UserInfo } from '@sales/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, staff } from '../../../src/db/schema.js';
import { at, call, expectFailure, extraStaffPhones, login, PHONES, useTestServer } from '../../helper.js';

const server = useTestServer();

const userInfo = (token: string | undefined, body?: Record<string, unknown>) =>
  call<UserInfo>(server.app, 'POST', '/seller/user/info', { ...(token === undefined ? {} : { token }), ...(body === undefined ? {} : { body }) });

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const site = (departmentId: 101 | 102 | 201, isLeader: boolean, drawAuth = false) => ({
  departmentId,
  departmentName: { 101: '华东一部', 102: '华东二部', 201: '华南大区' }[departmentId],
  isLeader,
  drawAuth,
});

const DEMO_INFO = [
  { phone: PHONES.zhangWei, username: '张伟', positionUsers: [site(101, false)], reportAllSites: false, teamReportAuth: false },
  { phone: PHONES.liNa, username: '李娜', positionUsers: [site(101, true)], reportAllSites: false, teamReportAuth: true },
  { phone: PHONES.wangQiang, username: '王强', positionUsers: [site(101, true), site(102, true), site(201, false)], reportAllSites: false, teamReportAuth: false },
  { phone: PHONES.liuYang, username: '刘洋', positionUsers: [site(201, false)], reportAllSites: true, teamReportAuth: false },
  { phone: PHONES.chenJing, username: '陈静', positionUsers: [site(102, false, true), site(102, true, false)], reportAllSites: false, teamReportAuth: false },
];

describe('POST /seller/user/info', () => {
  it.each(DEMO_INFO)('returns $username’s positions as stored and report flags', async (expected) => {
    const { token, accountInfo } = await login(server.app, expected.phone);
    const response = await userInfo(token, { id: accountInfo.id, Version: '2.0.1' });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.data).toEqual({
      id: accountInfo.id,
      username: expected.username,
      phone: expected.phone,
      avatar: null,
      positionUsers: expected.positionUsers,
      reportAllSites: expected.reportAllSites,
      teamReportAuth: expected.teamReportAuth,
      mustChangePassword: false,
      isAdmin: false,
    });
    expect(response.raw.body).not.toMatch(/"password|password_?hash|argon2|status/i);
  });

  it('gives 陈静 one merged site in 102 where she leads with drawAuth, once the client merges', async () => {
    const { token } = await login(server.app, PHONES.chenJing);
    const info = (await userInfo(token, {})).body.data;
    const sites = mergeSites(info.positionUsers);
    expect(sites).toEqual([site(102, true, true)]);
    expect(derivePermissions({ ...info }, resolveCurrentSite(sites, null))).toEqual({
      isSalesperson: false,
      drawAuth: true,
      isManySite: false,
      isShowIndex: true,
      reportAllSites: false,
      isReport: false,
    });
  });

  it('answers without a body, with an empty body and with the id as a string', async () => {
    const { token, accountInfo } = await login(server.app, PHONES.zhangWei);
    for (const response of [await userInfo(token), await userInfo(token, {}), await userInfo(token, { id: String(accountInfo.id) })]) {
      expect(response.status).toBe(200);
      expect(response.body.data.username).toBe('张伟');
    }
  });

  it('refuses another user’s id with 403', async () => {
    const { token } = await login(server.app, PHONES.zhangWei);
    const other = await login(server.app, PHONES.liNa);
    const response = await userInfo(token, { id: other.accountInfo.id });
    expectFailure(response, 403, '无权查看其他用户的信息');
    expect(response.raw.body).not.toContain('李娜');
  });

  it('answers 401 with code 401 and 登录过期，请重新登录 without a token', async () => {
    const response = await userInfo(undefined, { id: 1 });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 401, msg: '登录过期，请重新登录', data: null });
  });

  it('answers 401 for an unknown, empty or oversized token', async () => {
    for (const token of ['not-a-real-token', '', 'Bearer ', 'x'.repeat(300)]) {
      expectFailure(await userInfo(token, {}), 401, '登录过期，请重新登录');
    }
  });

  it('accepts the token with a Bearer prefix', async () => {
    const { token } = await login(server.app, PHONES.liuYang);
    expect((await userInfo(`Bearer ${token}`, {})).status).toBe(200);
  });

  it('answers 401 once the session has expired', async () => {
    const { token } = await login(server.app, PHONES.wangQiang);
    await server.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashOf(token)));
    expectFailure(await userInfo(token, {}), 401, '登录过期，请重新登录');
  });

  it('answers 401 once the account is deleted', async () => {
    // An extra demo account, so the five demo accounts stay usable for the other tests.
    const phone = at(await extraStaffPhones(server.db), 0);
    const { token } = await login(server.app, phone);
    expect((await userInfo(token, {})).status).toBe(200);
    const [deleted] = await server.db.update(staff).set({ status: 'deleted', deletedAt: new Date() }).where(eq(staff.phone, phone)).returning({ id: staff.id });
    // A change made outside the account service tells the session cache, as every writer of staff must.
    await server.app.accounts.staffChanged(deleted?.id ?? 0);
    expectFailure(await userInfo(token, {}), 401, '登录过期，请重新登录');
  });
});

describe('POST /seller/user/logout', () => {
  it('ends the session so its token no longer works, and only that session', async () => {
    const first = await login(server.app, PHONES.liNa);
    const second = await login(server.app, PHONES.liNa);
    const response = await call(server.app, 'POST', '/seller/user/logout', { token: first.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 200, msg: expect.any(String), data: null });

    expectFailure(await userInfo(first.token, {}), 401, '登录过期，请重新登录');
    expectFailure(await call(server.app, 'POST', '/seller/user/logout', { token: first.token }), 401, '登录过期，请重新登录');
    expectFailure(await call(server.app, 'POST', '/seller/user/send', { token: first.token, body: { scene: 'password' } }), 401);
    expect((await userInfo(second.token, {})).status).toBe(200);

    const [row] = await server.db.select().from(sessions).where(eq(sessions.tokenHash, hashOf(first.token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('needs a session', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/user/logout'), 401, '登录过期，请重新登录');
  });
});
