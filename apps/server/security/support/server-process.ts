/**
 * The real server as a child process (node with tsx's loader on apps/server/src/server.ts, one
 * process so a kill -9 ends it at once), on a database the test prepares: an on-disk PGlite in a
 * temporary DATA_DIR, or a new database on the PostgreSQL server of DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, PLATFORM } from '@sales/contract';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../../src/db/seed.js';
import { SOURCE_SERVER, startServerProcess, type ServerProcess as ProcessHandle } from '../../scripts/server-process.js';

/** The demo data at 5 %, as in the server suite: ~35 staff, ~100 customers, ~1,000 orders. */
export const CAMPAIGN_SEED_SCALE = 0.05;

export interface CampaignDatabase {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** DATABASE_URL of the database, on PostgreSQL. */
  url: string | undefined;
  /** Opens the database in this process (PGlite: only while no server runs on it). */
  open(): Promise<Database>;
  /** Drops the PostgreSQL database and removes the data directory. */
  dispose(): Promise<void>;
}

/**
 * A migrated, seeded database: PGlite in a new DATA_DIR, or — when DATABASE_URL is set — a new
 * database named after the branch's prefix on that server.
 */
export async function createCampaignDatabase(prefix: string, seedScale = CAMPAIGN_SEED_SCALE): Promise<CampaignDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const serverUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  let name: string | undefined;
  if (serverUrl) {
    name = `${prefix}_${randomBytes(5).toString('hex')}`.replace(/[^a-z0-9_]/g, '_');
    await adminQuery(serverUrl, `create database "${name}"`);
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const open = () => openDatabase({ databaseUrl: url, pgliteDir: url ? undefined : path.join(dataDir, 'pglite') });
  const seeded = await openDatabase({
    databaseUrl: url,
    pgliteDir: url ? undefined : path.join(dataDir, 'pglite'),
    afterMigrate: async (db) => {
      await seedDemoData(db, SEED_STEPS, { scale: seedScale });
    },
  });
  await seeded.close();
  return {
    kind: url ? 'postgres' : 'pglite',
    dataDir,
    url,
    open,
    async dispose() {
      if (serverUrl && name) await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ServerProcess extends ProcessHandle {
  readonly baseUrl: string;
}

export interface StartOptions {
  /** Extra environment of the server (LOG_LEVEL, TRUST_PROXY…). */
  env?: Record<string, string>;
  /** How long the start may take, migrations and demo seeding included. */
  timeoutMs?: number;
}

/** Starts the server (from its sources, one process) on the database; resolves once GET /healthz answers 200. */
export async function startServer(database: CampaignDatabase, options: StartOptions = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    command: SOURCE_SERVER,
    // A clean environment: nothing of the test runner's (DATABASE_URL, REDIS_URL…) leaks in.
    baseEnv: { PATH: process.env.PATH, HOME: process.env.HOME },
    env: {
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      WEB_DIST: path.join(database.dataDir, 'no-web-build'),
      SEED_SCALE: String(CAMPAIGN_SEED_SCALE),
      LOG_LEVEL: 'warn',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...options.env,
    },
    readyTimeoutMs: options.timeoutMs ?? 120_000,
  });
  return Object.assign(server, { baseUrl: server.url });
}

export interface ApiAnswer<T> {
  status: number;
  code: number | undefined;
  msg: string | undefined;
  data: T;
}

/** One call the way the web app makes it (platform and version headers, the token as Authorization). */
export async function apiCall<T = unknown>(
  baseUrl: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { platform: PLATFORM, version: APP_VERSION, ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: { code?: number; msg?: string; data?: T } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = {};
  }
  return { status: response.status, code: parsed.code, msg: parsed.msg, data: parsed.data as T };
}

/** Whether an answer is an acknowledged success: HTTP 200 with envelope code 200. */
export const acknowledged = (answer: ApiAnswer<unknown>) => answer.status === 200 && answer.code === 200;
