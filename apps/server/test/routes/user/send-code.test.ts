import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { smsOutbox, verificationCodes } from '../../../src/db/schema.js';
import { allowResend, at, call, expectFailure, extraStaffPhones, latestCode, login, PHONES, uniqueIp, useTestServer } from '../../helper.js';

const server = useTestServer();

interface SendResult {
  resendAfter: number;
  phone: string;
}

const sendMsg = (body: Record<string, unknown>, ip = uniqueIp()) => call<SendResult>(server.app, 'POST', '/seller/user/send/msg', { body, ip });
const codesOf = (phone: string) => server.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone)).orderBy(asc(verificationCodes.id));

/** Registered phones of the extra demo staff, so each test can own a phone. */
let extraPhones: string[] = [];
const extraPhone = (index: number) => at(extraPhones, index);

beforeAll(async () => {
  extraPhones = await extraStaffPhones(server.db);
  expect(extraPhones.length).toBeGreaterThanOrEqual(10);
});

describe('POST /seller/user/send/msg', () => {
  it('sends a six-digit login code to a registered phone, valid for 5 minutes and stored only hashed', async () => {
    const response = await sendMsg({ phone: PHONES.zhangWei, scene: 'login' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 200, msg: expect.any(String), data: { resendAfter: 60, phone: '138****0001' } });

    const code = await latestCode(server.app, PHONES.zhangWei);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codesOf(PHONES.zhangWei);
    expect(row).toBeDefined();
    expect(row?.scene).toBe('login');
    expect(row?.attempts).toBe(0);
    expect(row?.consumedAt).toBeNull();
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(5 * 60 * 1000);

    const [message] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, PHONES.zhangWei));
    expect(message?.content).toContain(code);
    expect(message?.content).toContain('登录');
    expect(message?.provider).toBe('console');
  });

  it('uses the login scene when none is given', async () => {
    const phone = extraPhone(0);
    expect((await sendMsg({ phone })).status).toBe(200);
    expect((await codesOf(phone)).map((row) => row.scene)).toEqual(['login']);
  });

  it('rejects a malformed phone with a Chinese 400 and sends nothing', async () => {
    for (const phone of ['12345', '11234567890', '1380000000a', '138000000011', '']) {
      expectFailure(await sendMsg({ phone, scene: 'login' }), 400, '请输入正确的手机号');
    }
    expect(await server.db.select().from(verificationCodes).where(eq(verificationCodes.phone, '11234567890'))).toEqual([]);
    expectFailure(await sendMsg({ scene: 'login' }), 400, '请填写手机号');
  });

  it('refuses a login code for a phone with no account', async () => {
    expectFailure(await sendMsg({ phone: '13700000001', scene: 'login' }), 400, '该手机号未开通账号，请联系管理员');
    expect(await codesOf('13700000001')).toEqual([]);
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13700000001'))).toEqual([]);
  });

  it('sends a newPhone code only inside a phone change: a session and its changePhone ticket', async () => {
    expectFailure(await sendMsg({ phone: '13700000002', scene: 'newPhone' }), 401, '登录过期，请重新登录');
    expect(await codesOf('13700000002')).toEqual([]);
  });

  it('applies the per-address limit before telling whether a phone has an account', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i += 1) await sendMsg({ phone: `1370000${String(2000 + i)}`, scene: 'login' }, ip);
    expectFailure(await sendMsg({ phone: '13700003000', scene: 'login' }, ip), 429, '获取验证码过于频繁，请稍后再试');
    expectFailure(await sendMsg({ phone: PHONES.zhangWei, scene: 'login' }, ip), 429, '获取验证码过于频繁，请稍后再试');
  });

  it('refuses another code within 60 s with 429, then sends once the minute has passed', async () => {
    const phone = extraPhone(1);
    expect((await sendMsg({ phone })).status).toBe(200);
    const again = await sendMsg({ phone });
    expectFailure(again, 429, /^验证码发送太频繁，请\d+秒后再试$/);
    const wait = Number(/(\d+)秒/.exec(again.body.msg)?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await codesOf(phone)).toHaveLength(1);

    await allowResend(server.db, phone);
    expect((await sendMsg({ phone })).status).toBe(200);
  });

  it('replaces the earlier code of the same scene when a new one is sent', async () => {
    const phone = extraPhone(2);
    await sendMsg({ phone });
    await allowResend(server.db, phone);
    await sendMsg({ phone });
    const [first, second] = await codesOf(phone);
    expect(first?.consumedAt).not.toBeNull();
    expect(second?.consumedAt).toBeNull();
  });

  describe('daily limit of 10 codes per phone', () => {
    /** Noon in China on a fixed day, so the China-time day boundary is never near. */
    const NOON_IN_CHINA = new Date('2030-01-15T04:00:00.000Z');
    const minutesBefore = (minutes: number) => new Date(NOON_IN_CHINA.getTime() - minutes * 60_000);

    const insertCodes = async (phone: string, createdAt: Date[]) => {
      await server.db.insert(verificationCodes).values(
        createdAt.map((at) => ({ phone, scene: 'login', codeHash: '0'.repeat(64), salt: '0'.repeat(32), createdAt: at, expiresAt: at, consumedAt: at })),
      );
    };

    it('sends the tenth code of the day and refuses the eleventh with 429', async () => {
      const phone = extraPhone(3);
      vi.useFakeTimers({ toFake: ['Date'], now: NOON_IN_CHINA });
      try {
        await insertCodes(phone, [2, 3, 4, 5, 6, 7, 8, 9, 10].map(minutesBefore));
        expect((await sendMsg({ phone })).status).toBe(200);
        await allowResend(server.db, phone);
        expectFailure(await sendMsg({ phone }), 429, '今日获取验证码次数已达上限，请明天再试');
        expect(await codesOf(phone)).toHaveLength(10);
      } finally {
        vi.useRealTimers();
      }
    });

    it('counts only codes sent since midnight China time', async () => {
      const phone = extraPhone(4);
      vi.useFakeTimers({ toFake: ['Date'], now: NOON_IN_CHINA });
      try {
        // Ten codes the evening before (China time), one of them just before midnight.
        await insertCodes(phone, [12 * 60 + 1, 12 * 60 + 5, 13 * 60, 14 * 60, 15 * 60, 16 * 60, 17 * 60, 18 * 60, 19 * 60, 20 * 60].map(minutesBefore));
        expect((await sendMsg({ phone })).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('limits code requests from one client address to 30 an hour', async () => {
    const ip = uniqueIp();
    const phone = extraPhone(5);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await sendMsg({ phone }, ip)).status);
    // One code went out; the other 29 were refused by the 60 s gap but still count for the address.
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(29);

    const otherPhone = extraPhone(6);
    expectFailure(await sendMsg({ phone: otherPhone }, ip), 429, '获取验证码过于频繁，请稍后再试');
    expect(await codesOf(otherPhone)).toEqual([]);
    // Another address is not affected.
    expect((await sendMsg({ phone: otherPhone }, uniqueIp())).status).toBe(200);
  });
});

describe('GET /__dev/sms/latest', () => {
  it('returns the last code sent to the phone', async () => {
    const phone = extraPhone(7);
    await sendMsg({ phone });
    await allowResend(server.db, phone);
    await sendMsg({ phone });
    const response = await call<{ phone: string; code: string; scene: string; createdAt: string }>(server.app, 'GET', `/__dev/sms/latest?phone=${phone}`);
    expect(response.status).toBe(200);
    const messages = await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(asc(smsOutbox.id));
    expect(messages).toHaveLength(2);
    expect(response.body.data).toEqual({ phone, code: messages[1]?.code, scene: 'login', createdAt: messages[1]?.createdAt.toISOString() });
  });

  it('answers 404 for a phone that received no code', async () => {
    expectFailure(await call(server.app, 'GET', '/__dev/sms/latest?phone=13799999999'), 404, '该手机号没有验证码短信');
  });

  it('requires the phone', async () => {
    expectFailure(await call(server.app, 'GET', '/__dev/sms/latest'), 400, '请填写手机号');
  });
});

describe('POST /seller/user/send (to the logged-in user’s own phone)', () => {
  it('needs a session', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/user/send', { body: { scene: 'password' } }), 401, '登录过期，请重新登录');
    expectFailure(await call(server.app, 'POST', '/seller/user/send', { body: { scene: 'password' }, token: 'not-a-token' }), 401, '登录过期，请重新登录');
  });

  it('sends changePhone, password and deregister codes to the user’s own phone', async () => {
    const { token } = await login(server.app, PHONES.wangQiang);
    for (const scene of ['changePhone', 'password', 'deregister']) {
      await allowResend(server.db, PHONES.wangQiang);
      const response = await call<SendResult>(server.app, 'POST', '/seller/user/send', { body: { scene, phone: PHONES.liNa }, token, ip: uniqueIp() });
      expect(response.status, scene).toBe(200);
      expect(response.body.data).toEqual({ resendAfter: 60, phone: '138****0003' });
      const [latest] = await server.db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.phone, PHONES.wangQiang), eq(verificationCodes.scene, scene)));
      expect(latest, scene).toBeDefined();
    }
    // A phone in the body is ignored: nothing went to 李娜.
    expect(await codesOf(PHONES.liNa)).toEqual([]);
  });

  it('keeps the 60 s gap across scenes', async () => {
    const { token } = await login(server.app, PHONES.chenJing);
    expect((await call(server.app, 'POST', '/seller/user/send', { body: { scene: 'password' }, token, ip: uniqueIp() })).status).toBe(200);
    expectFailure(await call(server.app, 'POST', '/seller/user/send', { body: { scene: 'deregister' }, token, ip: uniqueIp() }), 429, /秒后再试/);
  });

  it('accepts only its own scenes', async () => {
    const { token } = await login(server.app, PHONES.liuYang);
    expectFailure(await call(server.app, 'POST', '/seller/user/send', { body: { scene: 'login' }, token }), 400);
    expectFailure(await call(server.app, 'POST', '/seller/user/send', { body: {}, token }), 400, '请填写验证码用途');
    expect(await codesOf(PHONES.liuYang)).toEqual([]);
  });
});
