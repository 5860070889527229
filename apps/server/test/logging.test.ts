import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.js';
import { allowResend, call, createTestDatabase, DEMO_PASSWORD, latestCode, multipartBody, PHONES, PNG_1X1, testConfig, uniqueIp, type TestDatabase } from './helper.js';

/**
 * Secrets never reach the log: the server's own pino settings (loggerOptions, at debug so every
 * line is written) capture a password login, a code login, a password change, an upload, an
 * integration push and failures; no password, token, code, ticket, API key or Cookie value appears.
 * The console SMS provider's delivery line is the one place a code is written, by design (README):
 * it is the demo stand-in for a phone, so it is checked apart.
 */
const lines: string[] = [];
let testDb: TestDatabase;
let app: FastifyInstance;
let dataDir = '';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-logging-'));
  testDb = await createTestDatabase();
  const config = testConfig(dataDir, { databaseUrl: testDb.url, logLevel: 'debug', integrationApiKey: 'integration-key-0123456789' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter((line) => line.trim() !== ''));
      done();
    },
  });
  app = await buildApp({ config, database: testDb.database, logger: { ...loggerOptions(config), stream } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the server log', () => {
  it('holds no password, token, code, ticket, API key or cookie through logins, account changes and uploads', async () => {
    const secrets: string[] = [DEMO_PASSWORD, 'integration-key-0123456789', 'session=cookie-value-123'];
    const login = await call<{ token: string }>(app, 'POST', '/seller/user/v2/login', {
      body: { phone: PHONES.zhangWei, password: DEMO_PASSWORD },
      ip: uniqueIp(),
      headers: { cookie: 'session=cookie-value-123' },
    });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    secrets.push(token);

    await call(app, 'POST', '/seller/user/v2/login', { body: { phone: PHONES.zhangWei, password: 'Wrong-Pass-77' }, ip: uniqueIp() });
    secrets.push('Wrong-Pass-77');

    await allowResend(testDb.database.db, PHONES.liNa);
    await call(app, 'POST', '/seller/user/send/msg', { body: { phone: PHONES.liNa, scene: 'login' }, ip: uniqueIp() });
    const code = await latestCode(app, PHONES.liNa);
    const codeLogin = await call<{ token: string }>(app, 'POST', '/seller/user/v2/login', { body: { phone: PHONES.liNa, code }, ip: uniqueIp() });
    expect(codeLogin.status).toBe(200);
    secrets.push(code, codeLogin.body.data.token);

    // A password change with the old password, then the new one logs in.
    const changed = await call(app, 'POST', '/seller/user/password/update', { token, body: { oldPassword: DEMO_PASSWORD, password: 'Brand-New-2026' }, ip: uniqueIp() });
    expect(changed.status).toBe(200);
    secrets.push('Brand-New-2026');

    const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
    const upload = await call(app, 'POST', '/seller/upload/img', { payload, headers, token: codeLogin.body.data.token });
    expect(upload.status).toBe(200);

    await call(app, 'POST', '/seller/integration/orders', { headers: { 'x-api-key': 'integration-key-0123456789' }, body: { orders: [] } });
    await call(app, 'POST', '/seller/user/info', { token: 'not-a-real-token-but-secret-looking' });
    secrets.push('not-a-real-token-but-secret-looking');

    expect(lines.length).toBeGreaterThan(10);
    const ordinary = lines.filter((line) => !line.includes('"sms (console provider)"'));
    for (const secret of secrets) {
      const leaked = ordinary.filter((line) => line.includes(secret));
      expect(leaked, `"${secret}" in the log`).toEqual([]);
    }
    // The request lines are there: the capture saw every call.
    expect(ordinary.filter((line) => line.includes('"request completed"')).length).toBeGreaterThanOrEqual(8);
    // The console provider writes the code, and only that line does.
    expect(lines.filter((line) => line.includes(code)).every((line) => line.includes('"sms (console provider)"'))).toBe(true);
  });
});
