/**
 * The real server as a child process (node with tsx's loader on apps/server/src/server.ts, one
 * process so a kill -9 ends it at once), on a database the test prepares: an on-disk PGlite in a
 * temporary DATA_DIR, or a new database on the PostgreSQL server of DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, PLATFORM } from '@sales/contract';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../../src/db/seed.js';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src/server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stdout and stderr (pino JSON lines). */
  output(): string;
  /** kill -9: no graceful close, no flush. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful close (in-flight requests finish, the database closes). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment of the server (LOG_LEVEL, TRUST_PROXY…). */
  env?: Record<string, string>;
  /** How long the start may take, migrations and demo seeding included. */
  timeoutMs?: number;
}

/** Starts the server on the database and resolves once GET /healthz answers 200. */
export async function startServer(database: CampaignDatabase, options: StartOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    WEB_DIST: path.join(database.dataDir, 'no-web-build'),
    SEED_SCALE: String(CAMPAIGN_SEED_SCALE),
    LOG_LEVEL: 'warn',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
    }
    const ready = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in time:\n${output.slice(-4000)}`);
    }
    // Poll the state (the health answer); the process needs a moment between tries.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
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
