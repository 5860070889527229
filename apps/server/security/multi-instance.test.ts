/**
 * Several instances (issue 11): two real server processes started together on one new PostgreSQL
 * database, with Redis, sharing one DATA_DIR (its uploads folder). Migrations and the demo data
 * run once; a session made on one works on the other; a logout on one ends it on both at once;
 * rate limits and code cooldowns are shared; an upload written by one is served by the other.
 *
 * DATABASE_URL names the PostgreSQL server to create the database on (default the local `test`
 * database's server), REDIS_URL the Redis (default 127.0.0.1:6379). Without either the test fails.
 */
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, PLATFORM } from '@sales/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_STEPS } from '../src/db/seed.js';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '../scripts/server-process.js';
import { DEMO_PASSWORD, multipartBody, PHONES, PNG_1X1 } from '../test/helper.js';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Both instances migrate and seed (at the tests' 5 %) on a busy machine. */
const READY_TIMEOUT_MS = 240_000;
/** One client address per run (TRUST_PROXY), so the shared Redis counters of other runs never count here. */
const CLIENT_IP = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const databaseName = `server_speed_multi_${randomBytes(5).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

let dataDir = '';
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const usedPhones = new Set<string>();

async function admin<T>(work: (client: pg.Client) => Promise<T>, connectionString = SERVER_URL): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function server(which: 'a' | 'b'): ServerProcess {
  const instance = which === 'a' ? a : b;
  if (!instance) throw new Error(`instance ${which} did not start`);
  return instance;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(instance: ServerProcess, url: string, body: unknown, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${instance.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: PLATFORM, version: APP_VERSION, 'x-forwarded-for': CLIENT_IP, ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

async function login(instance: ServerProcess, phone: string): Promise<string> {
  usedPhones.add(phone);
  const response = await post<{ token: string }>(instance, '/seller/user/v2/login', { phone, password: DEMO_PASSWORD });
  expect(response.status, response.body.msg).toBe(200);
  return response.body.data.token;
}

beforeAll(async () => {
  // Both services must be there: a missing one fails here, it never skips.
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
  } finally {
    redis.disconnect();
  }
  await admin((client) => client.query(`create database "${databaseName}"`));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-multi-'));
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    SEED_SCALE: '0.05',
  };
  // Started at the same time on the empty database: both race for the migrations and the seed.
  const started = await Promise.allSettled([
    startServerProcess({ command: SOURCE_SERVER, env, readyTimeoutMs: READY_TIMEOUT_MS }),
    startServerProcess({ command: SOURCE_SERVER, env, readyTimeoutMs: READY_TIMEOUT_MS }),
  ]);
  a = started[0].status === 'fulfilled' ? started[0].value : undefined;
  b = started[1].status === 'fulfilled' ? started[1].value : undefined;
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  // The shared Redis keeps no counters of this run's phones and address beyond it.
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const keys = [...usedPhones].flatMap((phone) => [`sales:throttle:pwd:phone:${phone}`, `sales:throttle:pwd:phone:${phone}:ip:${CLIENT_IP}`]);
    await redis.del(...keys, `sales:throttle:pwd:ip:${CLIENT_IP}`, `sales:throttle:code:ip:${CLIENT_IP}`);
  } finally {
    redis.disconnect();
  }
});

describe('two instances on one PostgreSQL database with Redis', () => {
  it('migrated and seeded the new database once, although both started on it together', async () => {
    await admin(async (client) => {
      const migrationFiles = (await fs.readdir(path.resolve(import.meta.dirname, '../src/db/migrations'))).filter((name) => name.endsWith('.sql'));
      const migrations = await client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
      expect(migrations.rows[0]?.count).toBe(migrationFiles.length);
      const steps = await client.query<{ key: string }>('select key from app_meta order by key');
      expect(steps.rows.map((row) => row.key).sort()).toEqual(SEED_STEPS.map((step) => step.key).sort());
      const demo = await client.query<{ count: number }>('select count(*)::int as count from staff where phone = $1', [PHONES.zhangWei]);
      expect(demo.rows[0]?.count).toBe(1);
      const sites = await client.query<{ count: number }>('select count(*)::int as count from sites');
      const distinctSites = await client.query<{ count: number }>('select count(distinct name)::int as count from sites');
      expect(sites.rows[0]?.count).toBe(distinctSites.rows[0]?.count);
    }, databaseUrl);
  });

  it('honours a session made on one instance on the other', async () => {
    const token = await login(server('a'), PHONES.zhangWei);
    const info = await post<{ phone: string }>(server('b'), '/seller/user/info', {}, token);
    expect(info.status).toBe(200);
    expect(info.body.data.phone).toBe(PHONES.zhangWei);
  });

  it('ends a session on both instances at once when it logs out on one', async () => {
    const token = await login(server('a'), PHONES.liNa);
    // Both instances have just served (and cached) the session.
    expect((await post(server('a'), '/seller/user/info', {}, token)).status).toBe(200);
    expect((await post(server('b'), '/seller/user/info', {}, token)).status).toBe(200);
    expect((await post(server('a'), '/seller/user/logout', {}, token)).status).toBe(200);
    const onB = await post(server('b'), '/seller/user/info', {}, token);
    expect(onB.status).toBe(401);
    expect(onB.body.msg).toBe('登录过期，请重新登录');
    expect((await post(server('a'), '/seller/user/info', {}, token)).status).toBe(401);
  });

  it('shares code cooldowns: a code sent by one instance cannot be sent again by the other within 60 s', async () => {
    expect((await post(server('a'), '/seller/user/send/msg', { phone: PHONES.wangQiang, scene: 'login' })).status).toBe(200);
    const again = await post(server('b'), '/seller/user/send/msg', { phone: PHONES.wangQiang, scene: 'login' });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^验证码发送太频繁，请\d+秒后再试$/);
  });

  it('shares password-failure limits: failures on both instances add up', async () => {
    const phone = PHONES.liuYang;
    usedPhones.add(phone);
    const wrong = (instance: ServerProcess) => post(instance, '/seller/user/v2/login', { phone, password: 'Wrong@2025' });
    for (const instance of [server('a'), server('b'), server('a'), server('b'), server('a')]) {
      expect((await wrong(instance)).status).toBe(400);
    }
    const sixth = await wrong(server('b'));
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toBe('密码错误次数过多，请15分钟后再试或使用验证码登录');
  });

  it('serves an upload written by one instance from the other', async () => {
    const token = await login(server('a'), PHONES.chenJing);
    const { payload, headers } = multipartBody([{ name: 'file', filename: '头像.png', contentType: 'image/png', data: PNG_1X1 }]);
    const response = await fetch(`${server('a').url}/seller/upload/img`, {
      method: 'POST',
      headers: { ...headers, authorization: token, platform: PLATFORM, version: APP_VERSION, 'x-forwarded-for': CLIENT_IP },
      body: payload,
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as Envelope<{ url: string }>;
    const served = await fetch(`${server('b').url}${data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });
});
