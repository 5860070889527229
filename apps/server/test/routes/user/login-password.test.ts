import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, staff } from '../../../src/db/schema.js';
import { at, call, DEMO_PASSWORD, expectFailure, extraStaffPhones, type LoginData, PHONES, uniqueIp, useTestServer } from '../../helper.js';

const server = useTestServer();

const loginWith = (body: Record<string, unknown>, ip = uniqueIp()) => call<LoginData>(server.app, 'POST', '/seller/user/v2/login', { body, ip });
const WRONG = 'Wrong@2025';
const TOO_MANY_FAILURES = '密码错误次数过多，请15分钟后再试或使用验证码登录';

let extraPhones: string[] = [];
beforeAll(async () => {
  extraPhones = await extraStaffPhones(server.db);
});

describe('POST /seller/user/v2/login with a password', () => {
  it('logs in with the right password and returns the account and an opaque token', async () => {
    const response = await loginWith({ phone: PHONES.zhangWei, password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    const { accountInfo, token } = response.body.data;
    expect(accountInfo).toEqual({ id: expect.any(Number), username: '张伟', phone: PHONES.zhangWei });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The session is stored by the token's hash, never the token itself.
    const [session] = await server.db.select().from(sessions).where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(session?.staffId).toBe(accountInfo.id);
    const leaked = await server.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(leaked).toEqual([]);

    const info = await call<{ id: number }>(server.app, 'POST', '/seller/user/info', { token, body: { id: accountInfo.id } });
    expect(info.status).toBe(200);
    expect(info.body.data.id).toBe(accountInfo.id);
  });

  it('gives each login its own token', async () => {
    const first = await loginWith({ phone: PHONES.zhangWei, password: DEMO_PASSWORD });
    const second = await loginWith({ phone: PHONES.zhangWei, password: DEMO_PASSWORD });
    expect(first.body.data.token).not.toBe(second.body.data.token);
  });

  it('refuses a wrong password with the same message as an unknown phone', async () => {
    expectFailure(await loginWith({ phone: PHONES.zhangWei, password: WRONG }), 400, '手机号或密码错误');
    expectFailure(await loginWith({ phone: '13700000001', password: DEMO_PASSWORD }), 400, '手机号或密码错误');
  });

  it('refuses a deleted account', async () => {
    const phone = at(extraPhones, 0);
    await server.db.update(staff).set({ status: 'deleted', deletedAt: new Date() }).where(eq(staff.phone, phone));
    expectFailure(await loginWith({ phone, password: DEMO_PASSWORD }), 400, '手机号或密码错误');
  });

  it('asks for a valid phone and a password', async () => {
    expectFailure(await loginWith({ phone: '1380000000', password: DEMO_PASSWORD }), 400, '请输入正确的手机号');
    expectFailure(await loginWith({ phone: PHONES.zhangWei }), 400, '请输入密码');
    expectFailure(await loginWith({ phone: PHONES.zhangWei, password: '' }), 400, '请输入密码');
  });

  it('blocks a phone after 5 wrong passwords from one address, even the right one, while its owner elsewhere still logs in', async () => {
    const stranger = uniqueIp();
    for (let i = 0; i < 5; i += 1) expectFailure(await loginWith({ phone: PHONES.liNa, password: WRONG }, stranger), 400, '手机号或密码错误');
    expectFailure(await loginWith({ phone: PHONES.liNa, password: DEMO_PASSWORD }, stranger), 429, TOO_MANY_FAILURES);
    expectFailure(await loginWith({ phone: PHONES.liNa, password: WRONG }, stranger), 429, TOO_MANY_FAILURES);
    // A stranger's guesses do not lock the owner out.
    expect((await loginWith({ phone: PHONES.liNa, password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('blocks a phone after 20 wrong passwords from any addresses together', async () => {
    const phone = at(extraPhones, 2);
    for (let i = 0; i < 20; i += 1) expectFailure(await loginWith({ phone, password: WRONG }), 400, '手机号或密码错误');
    expectFailure(await loginWith({ phone, password: DEMO_PASSWORD }), 429, TOO_MANY_FAILURES);
  });

  it('blocks a phone with no account the same way, so the answer does not reveal which phones exist', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) expectFailure(await loginWith({ phone: '13700000002', password: WRONG }, ip), 400, '手机号或密码错误');
    expectFailure(await loginWith({ phone: '13700000002', password: WRONG }, ip), 429, TOO_MANY_FAILURES);
  });

  it('counts simultaneous guesses before checking them, so a burst cannot pass the limit', async () => {
    const phone = at(extraPhones, 3);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => loginWith({ phone, password: WRONG }, ip)));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    expectFailure(await loginWith({ phone, password: DEMO_PASSWORD }, ip), 429, TOO_MANY_FAILURES);
  });

  it('lets the phone try again once the 15-minute window has passed', async () => {
    const phone = at(extraPhones, 1);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) await loginWith({ phone, password: WRONG }, ip);
    expectFailure(await loginWith({ phone, password: DEMO_PASSWORD }, ip), 429, TOO_MANY_FAILURES);
    await server.db.execute(sql`update throttles set window_start = window_start - interval '901 seconds' where key like ${`pwd:phone:${phone}%`}`);
    expect((await loginWith({ phone, password: DEMO_PASSWORD }, ip)).status).toBe(200);
  });

  it('starts counting again after a successful login', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ip = uniqueIp();
      for (let i = 0; i < 4; i += 1) expectFailure(await loginWith({ phone: PHONES.wangQiang, password: WRONG }, ip), 400, '手机号或密码错误');
      expect((await loginWith({ phone: PHONES.wangQiang, password: DEMO_PASSWORD }, ip)).status, `round ${round}`).toBe(200);
    }
  });

  it('blocks a client address after 30 wrong passwords across phones, and only that address', async () => {
    const ip = uniqueIp();
    for (let phone = 0; phone < 10; phone += 1) {
      for (let i = 0; i < 3; i += 1) {
        expectFailure(await loginWith({ phone: `1370000${String(1000 + phone)}`, password: WRONG }, ip), 400, '手机号或密码错误');
      }
    }
    expectFailure(await loginWith({ phone: PHONES.liuYang, password: DEMO_PASSWORD }, ip), 429, '登录尝试过于频繁，请稍后再试');
    expect((await loginWith({ phone: PHONES.liuYang, password: DEMO_PASSWORD }, uniqueIp())).status).toBe(200);
  });
});
