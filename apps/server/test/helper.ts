/**
 * Builds the server on a fresh, migrated and seeded database for each test file: PGlite in
 * memory by default, or a new database on the PostgreSQL server of DATABASE_URL when it is set,
 * so the same suite runs against both.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, PLATFORM } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, pgliteDirIn, type Database, type Db } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { loadConfig, type Config } from '../src/env.js';
import { TEST_SEED_SCALE } from './seed-scale.js';

export const DEMO_PASSWORD = 'Demo@2025';

export { TEST_SEED_SCALE };
// Also for code that seeds with the defaults (and scripts the tests start), unless a run asks otherwise.
process.env.SEED_SCALE ??= String(TEST_SEED_SCALE);

/** The demo accounts of DESIGN §6 by name. */
export const PHONES = {
  zhangWei: '13800000001',
  liNa: '13800000002',
  wangQiang: '13800000003',
  liuYang: '13800000004',
  chenJing: '13800000005',
} as const;

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL URL of the database, when the suite runs on PostgreSQL. */
  url: string | undefined;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/**
 * The run's template (template-setup.ts), seeded or migrated only, when the project has one and the
 * database kind matches.
 */
function runTemplate(seeded: boolean): { pglite: string; postgres: string } {
  const pglite = inject(seeded ? 'pgliteTemplate' : 'pgliteMigrated') ?? '';
  const postgres = inject(seeded ? 'postgresTemplate' : 'postgresMigrated') ?? '';
  return { pglite, postgres };
}

/**
 * Fills `<dataDir>/pglite`, where a command run with DATA_DIR=dataDir opens its database, from the
 * run's template, as if an earlier start had migrated (and seeded) it: the command then starts in
 * a second or two instead of migrating and seeding a new cluster. Does nothing on PostgreSQL runs.
 */
export async function pgliteDataDir(dataDir: string, seeded: boolean): Promise<void> {
  const template = runTemplate(seeded).pglite;
  if (!template) return;
  const database = await openDatabase({ pgliteDir: pgliteDirIn(dataDir), pgliteDump: new Blob([await fs.readFile(template)]) });
  await database.close();
}

/**
 * A new, migrated database with the demo data: in-memory PGlite, or a new PostgreSQL database —
 * a copy of the run's seeded template when there is one, else migrated and seeded here. With
 * `seed` false it is migrated only (a copy of the run's migrated template when there is one).
 */
export async function createTestDatabase(seed = true): Promise<TestDatabase> {
  const template = runTemplate(seed);
  const afterMigrate = seed
    ? async (db: Db) => {
        await seedDemoData(db, SEED_STEPS, { scale: TEST_SEED_SCALE });
      }
    : undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (template.pglite) {
      const pgliteDump = new Blob([await fs.readFile(template.pglite)]);
      const database = await openDatabase({ pgliteDump });
      return { database, url: undefined, dispose: () => database.close() };
    }
    const database = await openDatabase({ afterMigrate });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const name = `sales_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template.postgres ? `create database "${name}" template "${template.postgres}"` : `create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), afterMigrate: template.postgres ? undefined : afterMigrate });
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The test configuration: a temporary data directory, no web build, not production. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web-build'), LOG_LEVEL: 'silent' },
    overrides,
  );
}

/** Builds an app on an already open database; the caller closes the app (the database stays open). */
export async function buildTestApp(database: Database, config: Config): Promise<FastifyInstance> {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

export interface TestServer {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly database: Database;
  readonly config: Config;
  readonly dataDir: string;
}

/**
 * Registers hooks that build the app before the file's tests and tear it down after them. The
 * returned object's fields are usable inside tests and hooks.
 */
export function useTestServer(overrides: Partial<Config> = {}): TestServer {
  let state: { app: FastifyInstance; testDb: TestDatabase; config: Config; dataDir: string } | undefined;
  const ready = () => {
    if (!state) throw new Error('the test server is not built yet; use it inside a test or hook');
    return state;
  };

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-server-test-'));
    const testDb = await createTestDatabase();
    const config = testConfig(dataDir, { databaseUrl: testDb.url, ...overrides });
    const app = await buildTestApp(testDb.database, config);
    state = { app, testDb, config, dataDir };
  });

  afterAll(async () => {
    if (!state) return;
    await state.app.close();
    await state.testDb.dispose();
    await fs.rm(state.dataDir, { recursive: true, force: true });
    state = undefined;
  });

  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().testDb.database.db;
    },
    get database() {
      return ready().testDb.database;
    },
    get config() {
      return ready().config;
    },
    get dataDir() {
      return ready().dataDir;
    },
  };
}

let ipCounter = 0;
/** A client address no other test has used, so per-address limits of one test do not touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ApiResponse<T> {
  status: number;
  body: ApiEnvelope<T>;
  headers: Response['headers'];
  raw: Response;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Calls the API the way the web app does (platform and Version headers) and parses the envelope. */
export async function call<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST', url: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { platform: PLATFORM, version: APP_VERSION, ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  const request: InjectOptions = { method, url, headers, remoteAddress: options.ip ?? '127.0.0.1' };
  if (options.payload !== undefined) request.payload = options.payload;
  else if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  const raw = await app.inject(request);
  expect(raw.headers['content-type'], `${method} ${url} should answer JSON`).toMatch(/^application\/json/);
  return { status: raw.statusCode, body: JSON.parse(raw.body) as ApiEnvelope<T>, headers: raw.headers, raw };
}

export interface LoginData {
  accountInfo: { id: number; username: string; phone: string };
  token: string;
  mustChangePassword: boolean;
}

/** Logs a demo account in with its password and returns the token and account. */
export async function login(app: FastifyInstance, phone: string, password = DEMO_PASSWORD): Promise<LoginData> {
  const response = await call<LoginData>(app, 'POST', '/seller/user/v2/login', { body: { phone, password }, ip: uniqueIp() });
  if (response.status !== 200) throw new Error(`login of ${phone} failed: ${response.status} ${response.body.msg}`);
  return response.body.data;
}

/** The code the console SMS provider last sent to a phone, read through the development route. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await call<{ code: string }>(app, 'GET', `/__dev/sms/latest?phone=${phone}`);
  if (response.status !== 200) throw new Error(`no code for ${phone}: ${response.body.msg}`);
  return response.body.data.code;
}

/** Moves a phone's codes a minute into the past so the 60 s resend gap no longer applies. */
export async function allowResend(db: Db, phone: string): Promise<void> {
  await db.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
}

/** Phones of the extra demo staff (not the five demo accounts), so each test can own an account. */
export async function extraStaffPhones(db: Db): Promise<string[]> {
  const found = await rows<{ phone: string }>(db, sql`select phone from staff where phone not like '1380000000%' order by id`);
  return found.map((row) => row.phone);
}

/** The item at an index, failing loudly when the list is shorter than the test expects. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at index ${index}, the list has ${items.length}`);
  return item;
}

/** Reads rows of a raw SQL query (both drivers return them under `rows`). */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface FilePart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, with its Content-Type header. */
export function multipartBody(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sales-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a JPEG file (SOI and a JFIF APP0 segment) followed by filler bytes. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0x11),
  Buffer.from([0xff, 0xd9]),
]);

/** A PNG of a given size: the PNG signature followed by padding. */
export function pngOfSize(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0);
  PNG_1X1.copy(data, 0, 0, Math.min(PNG_1X1.length, bytes));
  return data;
}

/** Anything that would show internals: stack frames, error class names, framework codes, SQL. */
const LEAK = /\bat .+:\d+:\d+|stack|SyntaxError|TypeError|ReferenceError|FST_[A-Z_]+|\bselect\b|\binsert\b|relation "|node_modules|\.ts:\d+/i;
const CHINESE = /[\u4e00-\u9fff]/;

/** Asserts the DESIGN §5 failure envelope: the status as code, a Chinese msg, data null, no internals. */
export function expectFailure(response: ApiResponse<unknown>, status: number, msg?: string | RegExp): void {
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(status);
  expect(response.body.data).toBeNull();
  expect(response.body.msg).toMatch(CHINESE);
  if (typeof msg === 'string') expect(response.body.msg).toBe(msg);
  else if (msg) expect(response.body.msg).toMatch(msg);
  expect(response.raw.body).not.toMatch(LEAK);
}
