import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRedisVersion, DbThrottle, RedisThrottle, type Throttle } from '../../src/plugins/app/throttle.js';
import { buildTestApp, call, DEMO_PASSWORD, expectFailure, rows, testConfig, useTestServer } from '../helper.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const server = useTestServer();

const key = (name: string) => `test:${name}:${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DbThrottle', () => {
  let throttle: Throttle;
  beforeAll(() => {
    throttle = new DbThrottle(server.db);
  });

  it('counts hits per key', async () => {
    const a = key('a');
    const b = key('b');
    expect(await throttle.hit(a, 60)).toBe(1);
    expect(await throttle.hit(a, 60)).toBe(2);
    expect(await throttle.hit(a, 60)).toBe(3);
    expect(await throttle.count(a, 60)).toBe(3);
    expect(await throttle.count(b, 60)).toBe(0);
    expect(await throttle.hit(b, 60)).toBe(1);
  });

  it('forgets a key on reset', async () => {
    const a = key('reset');
    await throttle.hit(a, 60);
    await throttle.hit(a, 60);
    await throttle.reset(a);
    expect(await throttle.count(a, 60)).toBe(0);
    expect(await throttle.hit(a, 60)).toBe(1);
  });

  it('starts a new window once the old one has passed', async () => {
    const a = key('window');
    for (let i = 0; i < 3; i += 1) await throttle.hit(a, 60);
    await server.db.execute(sql`update throttles set window_start = window_start - interval '30 seconds' where key = ${a}`);
    expect(await throttle.count(a, 60)).toBe(3);
    expect(await throttle.count(a, 20)).toBe(0);
    await server.db.execute(sql`update throttles set window_start = window_start - interval '31 seconds' where key = ${a}`);
    expect(await throttle.count(a, 60)).toBe(0);
    expect(await throttle.hit(a, 60)).toBe(1);
    expect(await throttle.count(a, 60)).toBe(1);
  });

  it('takes back one hit on undo, never below zero, and creates nothing for an unknown key', async () => {
    const a = key('undo');
    await throttle.hit(a, 60);
    await throttle.hit(a, 60);
    await throttle.undo(a);
    expect(await throttle.count(a, 60)).toBe(1);
    await throttle.undo(a);
    await throttle.undo(a);
    expect(await throttle.count(a, 60)).toBe(0);
    const b = key('undo-unknown');
    await throttle.undo(b);
    expect(await throttle.count(b, 60)).toBe(0);
  });

  it('counts simultaneous hits exactly once each', async () => {
    const a = key('race');
    const counts = await Promise.all(Array.from({ length: 20 }, () => throttle.hit(a, 60)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await throttle.count(a, 60)).toBe(20);
  });
});

describe('RedisThrottle', () => {
  const prefix = `sales:test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let throttle: Throttle;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    throttle = new RedisThrottle(redis, prefix);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts hits per key under its prefix', async () => {
    expect(await throttle.hit('a', 60)).toBe(1);
    expect(await throttle.hit('a', 60)).toBe(2);
    expect(await throttle.hit('a', 60)).toBe(3);
    expect(await throttle.count('a', 60)).toBe(3);
    expect(await throttle.count('b', 60)).toBe(0);
    expect(await redis.get(`${prefix}a`)).toBe('3');
    const ttl = await redis.ttl(`${prefix}a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('forgets a key on reset', async () => {
    await throttle.hit('reset', 60);
    await throttle.reset('reset');
    expect(await throttle.count('reset', 60)).toBe(0);
    expect(await redis.exists(`${prefix}reset`)).toBe(0);
  });

  it('keeps a fixed window: later hits do not push the expiry back', async () => {
    await throttle.hit('fixed', 100);
    await redis.expire(`${prefix}fixed`, 50);
    await throttle.hit('fixed', 100);
    expect(await redis.ttl(`${prefix}fixed`)).toBeLessThanOrEqual(50);
  });

  it('starts a new window once the old one has passed', async () => {
    await throttle.hit('window', 1);
    await throttle.hit('window', 1);
    await sleep(1100);
    expect(await throttle.count('window', 1)).toBe(0);
    expect(await throttle.hit('window', 1)).toBe(1);
  });

  it('takes back one hit on undo, and never creates a key without an expiry', async () => {
    await throttle.hit('undo', 60);
    await throttle.hit('undo', 60);
    await throttle.undo('undo');
    expect(await throttle.count('undo', 60)).toBe(1);
    await throttle.undo('undo-unknown');
    expect(await redis.exists(`${prefix}undo-unknown`)).toBe(0);
  });

  it('accepts the Redis 7+ server it runs on and refuses an older one with a clear message', async () => {
    await expect(assertRedisVersion(redis)).resolves.toBeUndefined();
    const older = (version: string) => ({ info: async () => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n` }) as unknown as Redis;
    await expect(assertRedisVersion(older('6.2.14'))).rejects.toThrow(/Redis 6\.2\.14.*Redis 7 or later/);
    await expect(assertRedisVersion(older('7.0.0'))).resolves.toBeUndefined();
  });

  it('counts simultaneous hits exactly once each', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => throttle.hit('race', 60)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('an app with REDIS_URL', () => {
  let app: FastifyInstance;
  let redis: Redis;
  // A phone and address no other run uses, since the app's Redis keys have the shared default prefix.
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const ip = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    app = await buildTestApp(server.database, testConfig(server.dataDir, { redisUrl: REDIS_URL }));
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });

  afterAll(async () => {
    await redis.del(`sales:throttle:pwd:phone:${phone}`, `sales:throttle:pwd:phone:${phone}:ip:${ip}`, `sales:throttle:pwd:ip:${ip}`);
    await redis.quit();
    await app.close();
  });

  it('keeps the password failure counters in Redis, not in the database', async () => {
    expect(app.throttle).toBeInstanceOf(RedisThrottle);
    for (let i = 0; i < 5; i += 1) {
      expectFailure(await call(app, 'POST', '/seller/user/v2/login', { body: { phone, password: `${DEMO_PASSWORD}x` }, ip }), 400, '手机号或密码错误');
    }
    expectFailure(await call(app, 'POST', '/seller/user/v2/login', { body: { phone, password: DEMO_PASSWORD }, ip }), 429);
    expect(await redis.get(`sales:throttle:pwd:phone:${phone}:ip:${ip}`)).toBe('6');
    expect(await redis.get(`sales:throttle:pwd:phone:${phone}`)).toBe('6');
    expect(await rows(server.db, sql`select key from throttles where key = ${`pwd:phone:${phone}`}`)).toEqual([]);
  });
});
