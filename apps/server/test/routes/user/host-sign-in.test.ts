/**
 * Sign-in through 企业微信 and 钉钉 (issue 28 §1) against the host stand-ins: each flow opens a
 * session like a password login; a missing, forged, expired, replayed or foreign state, a replayed
 * or other corp's code, an unknown or deactivated person, and an unconfigured provider open none;
 * no code, state, token or secret reaches a log line, an answer or the audit log.
 */
import { Writable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, withoutSignInCodes } from '../../../src/app.js';
import { auditLog, sessions, staff } from '../../../src/db/schema.js';
import { loadConfig } from '../../../src/env.js';
import { HostStandIn } from '../../support/host-stand-in.js';
import { installOAuth, OUTSIDER, type OAuthStandIn } from '../../support/stand-in-oauth.js';
import { call, createTestDatabase, expectFailure, PHONES, testConfig, uniqueIp, useTestServer, type LoginData } from '../../helper.js';

const WECOM = { corpId: 'ww-signin-corp', corpSecret: 'wecom-signin-secret-5e2f', agentId: 1000009 };
const DINGTALK = { appKey: 'ding-signin-key', appSecret: 'dingtalk-signin-secret-83c1', agentId: 3000001, corpId: 'ding-signin-corp' };

const wecomStandIn = await new HostStandIn('wecom', { id: WECOM.corpId, secret: WECOM.corpSecret }).start();
const dingtalkStandIn = await new HostStandIn('dingtalk', { id: DINGTALK.appKey, secret: DINGTALK.appSecret }).start();
const oauth: OAuthStandIn = installOAuth(wecomStandIn, dingtalkStandIn, { wecomAgentId: WECOM.agentId, dingtalkCorpId: DINGTALK.corpId });

const hostApps = {
  wecom: { ...WECOM, apiBase: wecomStandIn.url, oauthBase: wecomStandIn.url, ssoBase: wecomStandIn.url },
  dingtalk: { ...DINGTALK, apiBase: dingtalkStandIn.url, newApiBase: dingtalkStandIn.url, loginBase: dingtalkStandIn.url },
};

afterAll(async () => {
  await wecomStandIn.close();
  await dingtalkStandIn.close();
});

interface Started {
  state: string;
  binding: string;
  url?: string;
  corpId?: string;
}

const SECRETS = [WECOM.corpSecret, DINGTALK.appSecret];

async function start(app: FastifyInstance, provider: 'wecom' | 'dingtalk', mode: 'app' | 'qr', client: 'web' | 'admin' = 'web'): Promise<Started> {
  const response = await call<Started>(app, 'POST', '/seller/user/host/start', { body: { provider, mode, client }, headers: { host: 'sales.test' } });
  expect(response.status, response.body.msg).toBe(200);
  for (const secret of SECRETS) expect(response.raw.body).not.toContain(secret);
  return response.body.data;
}

/** Follows the provider's page like a browser: the person picked, the redirect back read. */
async function pick(url: string, userid: string): Promise<{ redirect: URL; code: string; state: string }> {
  const pageAnswer = await fetch(url);
  expect(pageAnswer.status).toBe(200);
  const html = await pageAnswer.text();
  expect(html).toContain(`value="${userid}"`);
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = new URLSearchParams([...html.matchAll(/name="(redirect_uri|state)" value="([^"]*)"/g)].map((match): [string, string] => [match[1] ?? '', (match[2] ?? '').replace(/&#38;/g, '&')]));
  fields.set('user', userid);
  const back = await fetch(new URL(`${action}?${fields}`, url), { redirect: 'manual' });
  expect(back.status).toBe(302);
  const redirect = new URL(back.headers.get('location') ?? '');
  return { redirect, code: redirect.searchParams.get('code') ?? redirect.searchParams.get('authCode') ?? '', state: redirect.searchParams.get('state') ?? '' };
}

const finish = (app: FastifyInstance, body: unknown) => call<LoginData>(app, 'POST', '/seller/user/host/login', { body, ip: uniqueIp() });

describe('host sign-in', () => {
  const server = useTestServer({ hostApps });
  let activeId = 0;

  beforeAll(async () => {
    const { db } = server;
    const link = async (phone: string, set: { wecomUserId?: string; dingtalkUserId?: string }) => {
      const [row] = await db.update(staff).set(set).where(and(eq(staff.phone, phone), eq(staff.status, 'active'))).returning({ id: staff.id });
      return row?.id ?? 0;
    };
    activeId = await link(PHONES.liNa, { wecomUserId: 'wx-t-active', dingtalkUserId: 'dd-t-active' });
    await link(PHONES.liuYang, { wecomUserId: 'wx-t-left', dingtalkUserId: 'dd-t-left' });
    await db.update(staff).set({ status: 'inactive', deactivatedAt: new Date() }).where(eq(staff.phone, PHONES.liuYang));
  });

  it('says which providers are configured', async () => {
    const response = await call<{ wecom: boolean; dingtalk: boolean }>(server.app, 'GET', '/seller/user/host/providers');
    expect(response.body.data).toEqual({ wecom: true, dingtalk: true });
  });

  it('企业微信 in its browser: snsapi_base authorize → code → userid → a session like a password login', async () => {
    const { state, binding, url } = await start(server.app, 'wecom', 'app');
    const authorize = new URL(url ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${wecomStandIn.url}/connect/oauth2/authorize`);
    expect(authorize.hash).toBe('#wechat_redirect');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://sales.test/');
    expect(authorize.searchParams.get('state')).toBe(state);
    const back = await pick(authorize.toString(), 'wx-t-active');
    expect(back.state).toBe(state);
    expect(`${back.redirect.origin}${back.redirect.pathname}`).toBe('http://sales.test/');
    const response = await finish(server.app, { state: back.state, binding, authCode: back.code });
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.accountInfo.id).toBe(activeId);
    const info = await call<{ id: number }>(server.app, 'POST', '/seller/user/info', { token: response.body.data.token, body: {} });
    expect(info.status).toBe(200);
    const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.action, 'login')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: activeId, detail: 'wecom' });
    expect(wecomStandIn.problems).toEqual([]);
  });

  it('企业微信扫码登录 for the console: the SSO page returns to /admin/', async () => {
    const { binding, url } = await start(server.app, 'wecom', 'qr', 'admin');
    const sso = new URL(url ?? '');
    expect(sso.pathname).toBe('/wwlogin/sso/login');
    expect(sso.searchParams.get('login_type')).toBe('CorpApp');
    expect(sso.searchParams.get('redirect_uri')).toBe('http://sales.test/admin/');
    const back = await pick(sso.toString(), 'wx-t-active');
    const response = await finish(server.app, { state: back.state, binding, authCode: back.code });
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.accountInfo.id).toBe(activeId);
    expect(wecomStandIn.problems).toEqual([]);
  });

  it('钉钉扫码登录: authCode → user token → unionId → userid', async () => {
    const { binding, url } = await start(server.app, 'dingtalk', 'qr');
    const login = new URL(url ?? '');
    expect(login.pathname).toBe('/oauth2/auth');
    expect(login.searchParams.get('client_id')).toBe(DINGTALK.appKey);
    const back = await pick(login.toString(), 'dd-t-active');
    const response = await finish(server.app, { state: back.state, binding, authCode: back.code });
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.accountInfo.id).toBe(activeId);
    const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.action, 'login')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: activeId, detail: 'dingtalk' });
    expect(dingtalkStandIn.problems).toEqual([]);
  });

  it('钉钉 free sign-in: the corpId for requestAuthCode, then the client’s code → userid', async () => {
    const started = await start(server.app, 'dingtalk', 'app');
    expect(started.url).toBeUndefined();
    expect(started.corpId).toBe(DINGTALK.corpId);
    const response = await finish(server.app, { state: started.state, binding: started.binding, authCode: oauth.issueCode('dingtalk', 'dd-t-active') });
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.accountInfo.id).toBe(activeId);
    expect(dingtalkStandIn.problems).toEqual([]);
  });

  it('an unknown directory person, or one outside the company, is 未开通 — no account is made', async () => {
    const before = await server.db.select({ n: sql<number>`count(*)::int` }).from(staff);
    for (const [provider, mode, userid] of [
      ['wecom', 'app', 'wx-t-unknown'],
      ['wecom', 'app', OUTSIDER],
      ['dingtalk', 'qr', 'dd-t-unknown'],
      ['dingtalk', 'qr', OUTSIDER],
      ['dingtalk', 'app', 'dd-t-unknown'],
    ] as const) {
      const started = await start(server.app, provider, mode);
      const code = started.url ? (await pick(started.url, userid)).code : oauth.issueCode(provider, userid);
      expectFailure(await finish(server.app, { state: started.state, binding: started.binding, authCode: code }), 400, '未开通销售助手账号，请联系管理员');
    }
    const after = await server.db.select({ n: sql<number>`count(*)::int` }).from(staff);
    expect(after).toEqual(before);
    expect([...wecomStandIn.problems, ...dingtalkStandIn.problems]).toEqual([]);
  });

  it('a deactivated person (离职) is told 账号已停用 and gets no session', async () => {
    const sessionsBefore = await server.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    for (const provider of ['wecom', 'dingtalk'] as const) {
      const started = await start(server.app, provider, 'qr');
      const back = await pick(started.url ?? '', provider === 'wecom' ? 'wx-t-left' : 'dd-t-left');
      expectFailure(await finish(server.app, { state: back.state, binding: started.binding, authCode: back.code }), 400, /^账号已停用/);
    }
    expect(await server.db.select({ n: sql<number>`count(*)::int` }).from(sessions)).toEqual(sessionsBefore);
  });

  it('a missing, forged, foreign-browser, expired or replayed state opens no session', async () => {
    const started = await start(server.app, 'wecom', 'app');
    const back = await pick(started.url ?? '', 'wx-t-active');
    // Missing: no field, an empty one.
    expectFailure(await finish(server.app, { binding: started.binding, authCode: back.code }), 400);
    expectFailure(await finish(server.app, { state: '', binding: started.binding, authCode: back.code }), 400, /登录状态/);
    // Forged, and the real state from a browser without its binding (login CSRF).
    expectFailure(await finish(server.app, { state: 'forged-state', binding: started.binding, authCode: back.code }), 400, '登录请求已失效，请重新登录');
    const other = await start(server.app, 'wecom', 'app');
    expectFailure(await finish(server.app, { state: back.state, binding: other.binding, authCode: back.code }), 400, '登录请求已失效，请重新登录');
    // The right one works once; a replay of it is refused.
    expect((await finish(server.app, { state: back.state, binding: started.binding, authCode: back.code })).status).toBe(200);
    const second = await pick((await start(server.app, 'wecom', 'app')).url ?? '', 'wx-t-active');
    expectFailure(await finish(server.app, { state: back.state, binding: started.binding, authCode: second.code }), 400, '登录请求已失效，请重新登录');
    // Expired after ten minutes.
    const late = await start(server.app, 'wecom', 'app');
    const lateBack = await pick(late.url ?? '', 'wx-t-active');
    await server.db.execute(sql`update host_sign_ins set expires_at = now() - interval '1 second' where used_at is null`);
    expectFailure(await finish(server.app, { state: lateBack.state, binding: late.binding, authCode: lateBack.code }), 400, '登录请求已失效，请重新登录');
  });

  it('a replayed code is refused before the provider is asked; another corp’s code is refused by it', async () => {
    const first = await start(server.app, 'wecom', 'app');
    const back = await pick(first.url ?? '', 'wx-t-active');
    expect((await finish(server.app, { state: back.state, binding: first.binding, authCode: back.code })).status).toBe(200);
    const asked = wecomStandIn.requests.filter((request) => request.path === '/cgi-bin/auth/getuserinfo').length;
    const again = await start(server.app, 'wecom', 'app');
    expectFailure(await finish(server.app, { state: again.state, binding: again.binding, authCode: back.code }), 400, '登录授权码已使用，请重新登录');
    expect(wecomStandIn.requests.filter((request) => request.path === '/cgi-bin/auth/getuserinfo').length).toBe(asked);
    expect(wecomStandIn.problems).toEqual([]);

    for (const [provider, mode, message] of [
      ['wecom', 'app', '企业微信登录失败，请重新登录'],
      ['dingtalk', 'app', '钉钉登录失败，请重新登录'],
      ['dingtalk', 'qr', '钉钉登录失败，请重新登录'],
    ] as const) {
      const started = await start(server.app, provider, mode);
      expectFailure(await finish(server.app, { state: started.state, binding: started.binding, authCode: oauth.otherCorpCode(provider) }), 400, message);
    }
  });

  it('refuses wrong types and unknown providers in Chinese', async () => {
    const wrong = await call(server.app, 'POST', '/seller/user/host/start', { body: { provider: 'lark', mode: 'app', client: 'web' } });
    expectFailure(wrong, 400, /平台（企业微信或钉钉）/);
    const numeric = await call(server.app, 'POST', '/seller/user/host/login', { body: { state: 1, binding: 'x', authCode: 'y' } });
    expectFailure(numeric, 400, /登录状态/);
  });

  it('keeps codes, states, tokens and secrets out of the audit log', async () => {
    const entries = await server.db.select().from(auditLog);
    const text = JSON.stringify(entries);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/wxcode-|ddcode-|tok-|utok-/);
  });
});

describe('host sign-in without the host apps configured', () => {
  const server = useTestServer();

  it('offers none and refuses to start either', async () => {
    const providers = await call(server.app, 'GET', '/seller/user/host/providers');
    expect(providers.body.data).toEqual({ wecom: false, dingtalk: false });
    expectFailure(await call(server.app, 'POST', '/seller/user/host/start', { body: { provider: 'wecom', mode: 'app', client: 'web' } }), 400, '未开通企业微信登录');
    expectFailure(await call(server.app, 'POST', '/seller/user/host/start', { body: { provider: 'dingtalk', mode: 'qr', client: 'admin' } }), 400, '未开通钉钉登录');
  });
});

describe('host sign-in logging', () => {
  it('logs no secret, token, code or state, and the return address without its code', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const testDb = await createTestDatabase();
    const config = testConfig('/tmp/sales-host-sign-in-log', { hostApps, noticeChannels: { ...loadConfig({ NODE_ENV: 'test' }).noticeChannels, publicUrl: 'https://sales.example.com/' } });
    const app = await buildApp({ config, database: testDb.database, logger: { ...loggerOptions(config), level: 'trace', stream } });
    await app.ready();
    try {
      await testDb.database.db.update(staff).set({ wecomUserId: 'wx-t-active' }).where(and(eq(staff.phone, PHONES.liNa), eq(staff.status, 'active')));
      const started = await start(app, 'wecom', 'app');
      expect(new URL(started.url ?? '').searchParams.get('redirect_uri')).toBe('https://sales.example.com/');
      const back = await pick(started.url ?? '', 'wx-t-active');
      // The browser's return to the page, as the server sees it.
      await app.inject({ method: 'GET', url: `/?code=${back.code}&state=${back.state}` });
      const done = await finish(app, { state: back.state, binding: started.binding, authCode: back.code });
      expect(done.status).toBe(200);
      const log = lines.join('');
      for (const value of [...SECRETS, back.code, back.state, started.binding, done.body.data.token]) expect(log).not.toContain(value);
      expect(log).toContain('code=[redacted]');
    } finally {
      await app.close();
      await testDb.dispose();
    }
  });

  it('redacts sign-in codes from logged addresses only', () => {
    expect(withoutSignInCodes('/admin/?authCode=abc&state=def')).toBe('/admin/?authCode=[redacted]&state=[redacted]');
    expect(withoutSignInCodes('/seller/customer/list?siteId=101')).toBe('/seller/customer/list?siteId=101');
  });
});
