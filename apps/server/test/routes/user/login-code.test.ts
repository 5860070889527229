import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staff, verificationCodes } from '../../../src/db/schema.js';
import { at, call, expectFailure, extraStaffPhones, latestCode, login, type LoginData, PHONES, uniqueIp, useTestServer } from '../../helper.js';

const server = useTestServer();

const loginWith = (body: Record<string, unknown>) => call<LoginData>(server.app, 'POST', '/seller/user/v2/login', { body, ip: uniqueIp() });

/** Sends a login code to the phone and returns it, read from the console provider's outbox. */
async function sendLoginCode(phone: string): Promise<string> {
  const response = await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone, scene: 'login' }, ip: uniqueIp() });
  expect(response.status, response.body.msg).toBe(200);
  return latestCode(server.app, phone);
}

/** Any six-digit code other than the right one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function latestRow(phone: string) {
  const [row] = await server.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone)).orderBy(desc(verificationCodes.id)).limit(1);
  if (!row) throw new Error(`no code row for ${phone}`);
  return row;
}

let extraPhones: string[] = [];
beforeAll(async () => {
  extraPhones = await extraStaffPhones(server.db);
});

describe('POST /seller/user/v2/login with a code', () => {
  it('logs in with the right code', async () => {
    const code = await sendLoginCode(PHONES.zhangWei);
    const response = await loginWith({ phone: PHONES.zhangWei, code });
    expect(response.status).toBe(200);
    expect(response.body.data.accountInfo).toEqual({ id: expect.any(Number), username: '张伟', phone: PHONES.zhangWei });
    const info = await call(server.app, 'POST', '/seller/user/info', { token: response.body.data.token });
    expect(info.status).toBe(200);
  });

  it('accepts a code only once', async () => {
    const code = await sendLoginCode(PHONES.liNa);
    expect((await loginWith({ phone: PHONES.liNa, code })).status).toBe(200);
    expectFailure(await loginWith({ phone: PHONES.liNa, code }), 400, '验证码已失效，请重新获取');
  });

  it('counts a wrong code and still accepts the right one afterwards', async () => {
    const code = await sendLoginCode(PHONES.wangQiang);
    expectFailure(await loginWith({ phone: PHONES.wangQiang, code: wrongCode(code) }), 400, '验证码错误，请重新输入');
    expect((await latestRow(PHONES.wangQiang)).attempts).toBe(1);
    expect((await loginWith({ phone: PHONES.wangQiang, code })).status).toBe(200);
  });

  it('kills the code after 5 wrong tries, even for the right code', async () => {
    const code = await sendLoginCode(PHONES.liuYang);
    for (let i = 0; i < 4; i += 1) expectFailure(await loginWith({ phone: PHONES.liuYang, code: wrongCode(code) }), 400, '验证码错误，请重新输入');
    expectFailure(await loginWith({ phone: PHONES.liuYang, code: wrongCode(code) }), 400, '验证码错误次数过多，请重新获取');
    expectFailure(await loginWith({ phone: PHONES.liuYang, code }), 400);
    expect((await latestRow(PHONES.liuYang)).consumedAt).not.toBeNull();
  });

  it('refuses a code older than 5 minutes', async () => {
    const code = await sendLoginCode(PHONES.chenJing);
    await server.db.execute(
      sql`update verification_codes set created_at = created_at - interval '301 seconds', expires_at = expires_at - interval '301 seconds' where phone = ${PHONES.chenJing}`,
    );
    expectFailure(await loginWith({ phone: PHONES.chenJing, code }), 400, '验证码已失效，请重新获取');
  });

  it('still accepts a code just under 5 minutes old', async () => {
    const phone = at(extraPhones, 0);
    const code = await sendLoginCode(phone);
    await server.db.execute(
      sql`update verification_codes set created_at = created_at - interval '280 seconds', expires_at = expires_at - interval '280 seconds' where phone = ${phone}`,
    );
    expect((await loginWith({ phone, code })).status).toBe(200);
  });

  it('asks for six digits without counting a try', async () => {
    const phone = at(extraPhones, 1);
    const code = await sendLoginCode(phone);
    for (const bad of ['12345', '1234567', 'abcdef']) expectFailure(await loginWith({ phone, code: bad }), 400, '请输入6位数字验证码');
    expect((await latestRow(phone)).attempts).toBe(0);
    expect((await loginWith({ phone, code })).status).toBe(200);
  });

  it('refuses a code sent to another phone', async () => {
    const code = await sendLoginCode(at(extraPhones, 2));
    expectFailure(await loginWith({ phone: at(extraPhones, 3), code }), 400, '验证码已失效，请重新获取');
  });

  it('refuses a code sent for another purpose', async () => {
    const phone = at(extraPhones, 4);
    const { token } = await login(server.app, phone);
    expect((await call(server.app, 'POST', '/seller/user/send', { body: { scene: 'password' }, token, ip: uniqueIp() })).status).toBe(200);
    const code = await latestCode(server.app, phone);
    expectFailure(await loginWith({ phone, code }), 400, '验证码已失效，请重新获取');
    const [passwordCode] = await server.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.scene, 'password')));
    expect(passwordCode?.consumedAt).toBeNull();
  });

  it('refuses a valid code once the account is gone', async () => {
    const phone = at(extraPhones, 5);
    const code = await sendLoginCode(phone);
    await server.db.update(staff).set({ status: 'deleted', deletedAt: new Date() }).where(eq(staff.phone, phone));
    expectFailure(await loginWith({ phone, code }), 400, '该手机号未开通账号，请联系管理员');
  });
});
