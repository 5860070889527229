/**
 * Issue 26 §1: the 系统管理员 flag, the first administrator of an empty database (the command line,
 * the start log and /healthz), the one-time password that must be replaced, and the last
 * administrator who cannot leave.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirIn } from '../../../src/db/client.js';
import { NEW_PASSWORD_REQUIRED } from '../../../src/plugins/app/auth/authentication.js';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { staff } from '../../../src/db/schema.js';
import {
  administratorWatch,
  countActiveAdministrators,
  createAdministrator,
  grantAdministrator,
  LAST_ADMINISTRATOR,
  NO_ADMINISTRATOR_HINT,
  revokeAdministrator,
} from '../../../src/plugins/app/admin/administrators.js';
import {
  allowResend,
  buildTestApp,
  call,
  createTestDatabase,
  DEMO_PASSWORD,
  expectFailure,
  latestCode,
  login,
  PHONES,
  pgliteDataDir,
  testConfig,
  uniqueIp,
  useTestServer,
  type LoginData,
  type TestDatabase,
} from '../../helper.js';

const serverDir = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('the demo organisation', () => {
  const server = useTestServer();

  it('has one administrator without positions, and user info says who is one', async () => {
    const admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
    const info = await call<{ isAdmin: boolean; positionUsers: unknown[]; username: string }>(server.app, 'POST', '/seller/user/info', { token: admin.token, body: {} });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ isAdmin: true, positionUsers: [], username: DEMO_ADMINISTRATOR.username });
    const salesperson = await login(server.app, PHONES.zhangWei);
    const other = await call<{ isAdmin: boolean }>(server.app, 'POST', '/seller/user/info', { token: salesperson.token, body: {} });
    expect(other.body.data.isAdmin).toBe(false);
    expect(await countActiveAdministrators(server.db)).toBe(1);
  });

  it('says nothing about setup in /healthz once an administrator exists', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body).data).toEqual({ status: 'ok', database: server.database.kind });
  });

  it('refuses to take the flag from, or delete the account of, the last administrator', async () => {
    await expect(revokeAdministrator(server.db, DEMO_ADMINISTRATOR.phone)).rejects.toThrow(LAST_ADMINISTRATOR);

    const admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
    await allowResend(server.db, DEMO_ADMINISTRATOR.phone);
    expect((await call(server.app, 'POST', '/seller/user/send', { token: admin.token, body: { scene: 'deregister' }, ip: uniqueIp() })).status).toBe(200);
    const code = await latestCode(server.app, DEMO_ADMINISTRATOR.phone);
    const checked = await call<{ ticket: string }>(server.app, 'POST', '/seller/user/check', { token: admin.token, body: { scene: 'deregister', code }, ip: uniqueIp() });
    expect(checked.status).toBe(200);
    expectFailure(await call(server.app, 'POST', '/seller/user/write/off/web', { token: admin.token, body: { ticket: checked.body.data.ticket }, ip: uniqueIp() }), 409, LAST_ADMINISTRATOR);
    const [row] = await server.db.select({ status: staff.status, isAdmin: staff.isAdmin }).from(staff).where(eq(staff.phone, DEMO_ADMINISTRATOR.phone));
    expect(row).toEqual({ status: 'active', isAdmin: true });

    // With a second administrator, the first may go.
    await grantAdministrator(server.db, PHONES.liNa);
    await revokeAdministrator(server.db, DEMO_ADMINISTRATOR.phone);
    expect(await countActiveAdministrators(server.db)).toBe(1);
    await expect(revokeAdministrator(server.db, PHONES.liNa)).rejects.toThrow(LAST_ADMINISTRATOR);
  });
});

describe('an empty database', () => {
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(false);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-admin-test-'));
  });
  afterAll(async () => {
    await testDb.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('tells /healthz how to create the first administrator, who must replace the one-time password', async () => {
    const app = await buildTestApp(testDb.database, testConfig(dataDir, { databaseUrl: testDb.url, seedDemo: false }));
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const body = JSON.parse(health.body) as { data: { setup?: string } };
      expect(body.data.setup).toBe(NO_ADMINISTRATOR_HINT);
      expect(body.data.setup).toContain('npm run admin -- create --phone 1xxxxxxxxxx --name 姓名');

      expectFailure(await call(app, 'POST', '/seller/user/v2/login', { body: { phone: '13912345678', password: DEMO_PASSWORD }, ip: uniqueIp() }), 400);
      const created = await createAdministrator(testDb.database.db, { phone: ' 13912345678 ', name: ' 周敏 ' });
      expect(created).toMatchObject({ phone: '13912345678', username: '周敏' });
      await expect(createAdministrator(testDb.database.db, { phone: '13912345678', name: '周敏' })).rejects.toThrow('该手机号已是在职员工');
      await expect(createAdministrator(testDb.database.db, { phone: '12345', name: '周敏' })).rejects.toThrow('请输入正确的手机号');
      await expect(createAdministrator(testDb.database.db, { phone: '13912345679', name: '   ' })).rejects.toThrow('姓名须为');

      const signedIn = await call<LoginData>(app, 'POST', '/seller/user/v2/login', { body: { phone: '13912345678', password: created.oneTimePassword }, ip: uniqueIp() });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.mustChangePassword).toBe(true);
      // Nothing but choosing a new password works first.
      expectFailure(await call(app, 'POST', '/seller/notice/settings', { token: signedIn.body.data.token, body: {} }), 403, NEW_PASSWORD_REQUIRED);
      const changed = await call(app, 'POST', '/seller/user/password/update', { token: signedIn.body.data.token, body: { password: 'Admin2026x' }, ip: uniqueIp() });
      expect(changed.status, changed.body.msg).toBe(200);
      const again = await call<LoginData>(app, 'POST', '/seller/user/v2/login', { body: { phone: '13912345678', password: 'Admin2026x' }, ip: uniqueIp() });
      expect(again.body.data.mustChangePassword).toBe(false);
      const info = await call<{ isAdmin: boolean }>(app, 'POST', '/seller/user/info', { token: again.body.data.token, body: {} });
      expect(info.body.data.isAdmin).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a watch asks again until an administrator exists, then stops asking', async () => {
    const empty = await createTestDatabase(false);
    try {
      const watch = administratorWatch(empty.database.db, 0);
      expect(await watch.setupHint()).toBe(NO_ADMINISTRATOR_HINT);
      await createAdministrator(empty.database.db, { phone: '13912340000', name: '钱一' });
      expect(await watch.setupHint()).toBeUndefined();
      await empty.database.db.update(staff).set({ isAdmin: false });
      expect(await watch.setupHint()).toBeUndefined();
    } finally {
      await empty.dispose();
    }
  });

  it('npm run admin creates the first administrator on the configured database and prints a one-time password', async () => {
    // On PostgreSQL a new database of the server; on PGlite a data directory the command opens itself.
    const target = process.env.DATABASE_URL ? await createTestDatabase(false) : undefined;
    const pgliteData = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-admin-cli-'));
    // Migrated as a first start leaves it (a new directory's first start is npm start's, checked in CI).
    await pgliteDataDir(pgliteData, false);
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...(target?.url ? { DATABASE_URL: target.url } : { DATA_DIR: pgliteData }) };
    if (!target?.url) delete env.DATABASE_URL;
    try {
      const tsx = path.join(serverDir, '..', '..', 'node_modules', '.bin', 'tsx');
      const created = await run(tsx, ['scripts/admin.ts', 'create', '--phone', '13987654321', '--name', '孙丽'], { cwd: serverDir, env });
      const password = /一次性密码：(\S+)/.exec(created.stdout)?.[1];
      expect(password, created.stdout).toMatch(/^[a-z2-9]{10}$/);
      const listed = await run(tsx, ['scripts/admin.ts', 'list'], { cwd: serverDir, env });
      expect(listed.stdout).toContain('孙丽\t13987654321');
      const usage = await run(tsx, ['scripts/admin.ts', 'create', '--phone', '13987654321'], { cwd: serverDir, env }).catch((error: { code: number; stderr: string }) => error);
      expect(usage).toMatchObject({ code: 2 });
      const refused = await run(tsx, ['scripts/admin.ts', 'revoke', '--phone', '13987654321'], { cwd: serverDir, env }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining(LAST_ADMINISTRATOR) as unknown });

      const reopened = await openDatabase(target?.url ? { databaseUrl: target.url } : { pgliteDir: pgliteDirIn(pgliteData) });
      const app = await buildTestApp(reopened, testConfig(dataDir, { databaseUrl: target?.url, seedDemo: false }));
      try {
        const signedIn = await call<LoginData>(app, 'POST', '/seller/user/v2/login', { body: { phone: '13987654321', password }, ip: uniqueIp() });
        expect(signedIn.status, signedIn.body.msg).toBe(200);
        expect(signedIn.body.data.mustChangePassword).toBe(true);
      } finally {
        await app.close();
        await reopened.close();
      }
    } finally {
      await target?.dispose();
      await fs.rm(pgliteData, { recursive: true, force: true });
    }
  }, 120_000);
});
