import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION, BUILD_TIME, CONFIG_VERSION, VERSION_CODE } from '@sales/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { clientVersions } from '../src/db/schema.js';
import { buildTestApp, call, expectFailure, login, PHONES, testConfig, uniqueIp, useTestServer } from './helper.js';

const server = useTestServer();

describe('GET /healthz', () => {
  it('answers 200 once the database is migrated', async () => {
    const response = await call<{ status: string; database: string }>(server.app, 'GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });
});

describe('OpenAPI document', () => {
  it('serves the API browser at /docs', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/docs' });
    const page = response.statusCode === 302 ? await server.app.inject({ method: 'GET', url: String(response.headers.location) }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
  });

  it('lists every route with its schemas at /docs/json', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe(APP_VERSION);
    const paths = Object.keys(document.paths);
    for (const route of ['/seller/user/send/msg', '/seller/user/send', '/seller/user/v2/login', '/seller/user/info', '/seller/user/logout', '/seller/user/check', '/seller/user/reset/tel', '/seller/user/password/update', '/seller/user/reset/staff/password', '/seller/user/write/off/web', '/seller/version/update', '/seller/upload/img', '/healthz']) {
      expect(paths, route).toContain(route);
      const operations = Object.values(document.paths[route] ?? {});
      expect(operations.length, route).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.responses?.['200'], `${route} response schema`).toBeDefined();
    }
    expect(paths.some((p) => p === '/seller/version' || p === '/seller/version/')).toBe(true);
    expect(document.paths['/seller/user/v2/login']?.post?.requestBody).toBeDefined();
  });
});

describe('error envelope', () => {
  it('answers an unknown /seller route with a Chinese 404 envelope', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/nothing/here', { body: {} }), 404, '接口不存在');
    expectFailure(await call(server.app, 'GET', '/seller/user/nothing'), 404, '接口不存在');
  });

  it('answers an unknown page with a Chinese 404 envelope', async () => {
    expectFailure(await call(server.app, 'GET', '/no/such/page'), 404, '页面不存在');
  });

  it('answers malformed JSON with a Chinese 400 and no parser details', async () => {
    const response = await call(server.app, 'POST', '/seller/user/v2/login', {
      payload: '{"phone": "13800000001", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(response, 400, '请求内容格式不正确');
  });

  it('answers an empty JSON body with a Chinese 400', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { payload: '', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await call(server.app, 'POST', '/seller/user/v2/login', { payload: '<phone/>', headers: { 'content-type': 'application/xml' } });
    expectFailure(response, 415, '不支持的请求格式');
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await call(server.app, 'POST', '/seller/user/v2/login', {
      payload: JSON.stringify({ phone: '13800000001', password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(response, 413, '请求内容过大');
  });

  it('refuses NUL bytes and lone surrogates in any body field or key with a Chinese 400 (issue 11)', async () => {
    const login = (payload: string) => call(server.app, 'POST', '/seller/user/v2/login', { payload, headers: { 'content-type': 'application/json' } });
    expectFailure(await login('{"phone": "1380000000\\u0000", "password": "x"}'), 400, '请求内容包含无效字符');
    expectFailure(await login('{"phone": "13800000001", "password": "\\ud800"}'), 400, '请求内容包含无效字符');
    expectFailure(await login('{"phone": "13800000001", "password": "x", "\\u0000": 1}'), 400, '请求内容包含无效字符');
    const version = await call(server.app, 'POST', '/seller/version/update', { payload: '{"version": "2.0.1\\u0000"}', headers: { 'content-type': 'application/json' }, ip: uniqueIp() });
    expectFailure(version, 400, '请求内容包含无效字符');
    // A surrogate pair is a character like any other.
    expect((await login('{"phone": "13800000001", "password": "\\ud83d\\ude00"}')).status).toBe(400);
    expect((await login('{"phone": "13800000001", "password": "\\ud83d\\ude00"}')).body.msg).toBe('手机号或密码错误');
  });

  it('answers a URL that does not decode or a path parameter over the router limit with a Chinese 4xx (issue 11)', async () => {
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/%zz'), 400, '请求地址不正确');
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/%ED%A0%80'), 400, '请求地址不正确');
    expectFailure(await call(server.app, 'GET', `/seller/upload/files/${'a'.repeat(5000)}`), 414, '请求地址过长');
  });

  it('names the field a schema check failed on, in Chinese', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { password: 'x' } }), 400, '请填写手机号');
    expectFailure(await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: '1'.repeat(40), password: 'x' } }), 400, '手机号过长');
    expectFailure(await call(server.app, 'POST', '/seller/user/send/msg', { body: { phone: '13800000001', scene: 'hack' } }), 400);
  });

  describe('on a server failure', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      app = await buildApp({ config: server.config, database: server.database, logger: false });
      app.get('/seller/test/throw', async () => {
        throw new Error('secret detail at /srv/app/src/thing.ts:12:3');
      });
      app.get('/seller/test/sql', async () => {
        await server.db.execute('select * from table_that_does_not_exist');
        return { ok: true };
      });
      await app.ready();
    });

    afterAll(async () => {
      await app.close();
    });

    it('answers 500 with a Chinese message and hides the error', async () => {
      const response = await call(app, 'GET', '/seller/test/throw');
      expectFailure(response, 500, '服务器开小差了，请稍后再试');
      expect(response.raw.body).not.toContain('secret');
    });

    it('never shows SQL or database errors', async () => {
      const response = await call(app, 'GET', '/seller/test/sql');
      expectFailure(response, 500, '服务器开小差了，请稍后再试');
      expect(response.raw.body).not.toContain('table_that_does_not_exist');
    });
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['permissions-policy']).toContain('camera=(self)');
  };

  it('sends CSP and nosniff on successful API responses', async () => {
    expectSecurityHeaders((await call(server.app, 'GET', '/seller/version')).headers);
  });

  it('sends them on failures too', async () => {
    expectSecurityHeaders((await call(server.app, 'POST', '/seller/user/info')).headers);
    expectSecurityHeaders((await call(server.app, 'GET', '/seller/nothing')).headers);
  });

  it('sends no HSTS outside production', async () => {
    expect((await call(server.app, 'GET', '/healthz')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('production mode', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await buildTestApp(server.database, testConfig(server.dataDir, { production: true }));
  });

  afterAll(async () => {
    await app.close();
  });

  it('has no /__dev/sms/latest route', async () => {
    await call(app, 'POST', '/seller/user/send/msg', { body: { phone: PHONES.liuYang, scene: 'login' }, ip: '10.200.0.1' });
    const response = await call(app, 'GET', `/__dev/sms/latest?phone=${PHONES.liuYang}`);
    expectFailure(response, 404);
    expect(response.raw.body).not.toMatch(/"code":"\d{6}"/);
  });

  it('sends HSTS', async () => {
    expect((await call(app, 'GET', '/healthz')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('built web app', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const webDist = path.join(server.dataDir, 'web-dist');
    await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>销售助手</title><div id="root"></div>');
    await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    app = await buildTestApp(server.database, testConfig(server.dataDir, { webDist }));
  });

  afterAll(async () => {
    await app.close();
  });

  it('serves index.html at / uncached, with the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('销售助手');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('serves hashed assets cached for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('still answers unknown API paths with the JSON envelope', async () => {
    expectFailure(await call(app, 'GET', '/seller/nothing/here'), 404, '接口不存在');
    expectFailure(await call(app, 'POST', '/seller/nothing/here', { body: {} }), 404, '接口不存在');
  });
});

describe('GET /seller/version', () => {
  it('returns the app version, version code, config version and build time', async () => {
    const response = await call<{ version: string; versionCode: number; configVersion: string; buildTime: string; serverTime: string }>(
      server.app,
      'GET',
      '/seller/version',
    );
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.data).toMatchObject({ version: APP_VERSION, versionCode: VERSION_CODE, configVersion: CONFIG_VERSION, buildTime: BUILD_TIME });
    expect(response.body.data.version).toBe('2.0.1');
    expect(Math.abs(Date.parse(response.body.data.serverTime) - Date.now())).toBeLessThan(60_000);
  });
});

describe('POST /seller/version/update', () => {
  interface UpdateResult {
    hasUpdate: boolean;
    force: boolean;
    latestVersion: string;
    latestVersionCode: number;
    notes: string;
  }
  const check = (body: Record<string, unknown>, token?: string) =>
    call<UpdateResult>(server.app, 'POST', '/seller/version/update', token === undefined ? { body } : { body, token });

  it('tells a current client it is up to date', async () => {
    const response = await check({ version: '2.0.1', versionCode: 100, platform: 'h5' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ hasUpdate: false, force: false, latestVersion: '2.0.1', latestVersionCode: 100, notes: '当前已是最新版本' });
  });

  it('refuses a huge, non-finite or NUL-carrying report with a Chinese 400, recording nothing (issue 11)', async () => {
    const before = await server.db.$count(clientVersions);
    const raw = (payload: string) => call(server.app, 'POST', '/seller/version/update', { payload, headers: { 'content-type': 'application/json' }, ip: uniqueIp() });
    expectFailure(await raw('{"version": "2.0.1", "versionCode": 99999999999999999999}'), 400);
    expectFailure(await raw('{"version": "2.0.1", "versionCode": 1e309}'), 400, '数值超出范围');
    // Text is not a number in a body (issue 16: bodies are not coerced).
    expectFailure(await raw('{"version": "2.0.1", "versionCode": "1e309"}'), 400, '版本代码格式不正确');
    expectFailure(await raw('{"version": "2.0.1", "platform": "h5\\u0000"}'), 400, '请求内容包含无效字符');
    expect(await server.db.$count(clientVersions)).toBe(before);
  });

  it('offers an update to an older version or version code', async () => {
    expect((await check({ version: '2.0.0' })).body.data).toMatchObject({ hasUpdate: true, force: false, latestVersion: '2.0.1' });
    expect((await check({ version: '2.0.1', versionCode: 99 })).body.data).toMatchObject({ hasUpdate: true, force: false });
    expect((await check({ version: '2.0.1' })).body.data.notes).toBe('当前已是最新版本');
    expect((await check({ version: '2.0.0' })).body.data.notes).toContain('2.0.1');
  });

  it('forces the update below 2.0.0 and compares versions numerically', async () => {
    expect((await check({ version: '1.9.9' })).body.data).toMatchObject({ hasUpdate: true, force: true });
    expect((await check({ version: '2.0.10' })).body.data).toMatchObject({ hasUpdate: false, force: false });
    expect((await check({ version: '10.0.0' })).body.data.hasUpdate).toBe(false);
  });

  it('records the reported version, with the user when a token is sent', async () => {
    const { token, accountInfo } = await login(server.app, PHONES.liNa);
    await check({ version: '1.8.0', versionCode: 80, platform: 'h5' }, token);
    await check({ version: '1.7.0', platform: 'h5' });
    const recorded = await server.db.select().from(clientVersions).where(eq(clientVersions.version, '1.8.0'));
    expect(recorded).toEqual([expect.objectContaining({ version: '1.8.0', versionCode: 80, platform: 'h5', staffId: accountInfo.id })]);
    const anonymous = await server.db.select().from(clientVersions).where(eq(clientVersions.version, '1.7.0'));
    expect(anonymous).toEqual([expect.objectContaining({ staffId: null })]);
  });

  it('requires a version', async () => {
    expectFailure(await check({ versionCode: 100 }), 400, '请填写版本号');
  });

  it('refuses a version code beyond the column’s range with 400, not 500', async () => {
    expectFailure(await check({ version: '2.0.1', versionCode: 2147483648 }), 400, '版本代码格式不正确');
    expectFailure(await check({ version: '2.0.1', versionCode: 1e20 }), 400, '版本代码格式不正确');
    expect((await check({ version: '2.0.1', versionCode: 2147483647 })).status).toBe(200);
  });

  it('records at most 60 reports an hour from one client address', async () => {
    const ip = uniqueIp();
    const report = () => call(server.app, 'POST', '/seller/version/update', { body: { version: '1.6.0' }, ip });
    for (let i = 0; i < 60; i += 1) expect((await report()).status).toBe(200);
    expectFailure(await report(), 429, '请求过于频繁，请稍后再试');
    const recorded = await server.db.select().from(clientVersions).where(eq(clientVersions.version, '1.6.0'));
    expect(recorded).toHaveLength(60);
    expect((await call(server.app, 'POST', '/seller/version/update', { body: { version: '1.6.0' }, ip: uniqueIp() })).status).toBe(200);
  });
});
