import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { throttles } from '../../db/schema.js';

/**
 * Fixed-window counters shared by every instance: in the database by default, in Redis when
 * REDIS_URL is set.
 */
export interface Throttle {
  /** Adds one to the key's window and returns the new count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** The key's count in its current window. */
  count(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes back one hit (a try that turned out legitimate), never below zero. */
  undo(key: string): Promise<void>;
}

export class DbThrottle implements Throttle {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    const expired = sql`${throttles.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(throttles)
      .values({ key, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          count: sql`case when ${expired} then 1 else ${throttles.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${throttles.windowStart} end`,
        },
      })
      .returning({ count: throttles.count });
    return row?.count ?? 1;
  }

  async count(key: string, windowSeconds: number): Promise<number> {
    const rows = await this.db
      .select({ count: throttles.count })
      .from(throttles)
      .where(sql`${throttles.key} = ${key} and ${throttles.windowStart} >= now() - make_interval(secs => ${windowSeconds})`);
    return rows[0]?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(throttles).where(sql`${throttles.key} = ${key}`);
  }

  async undo(key: string): Promise<void> {
    await this.db.execute(sql`update ${throttles} set count = greatest(${throttles.count} - 1, 0) where ${throttles.key} = ${key}`);
  }
}

export class RedisThrottle implements Throttle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'sales:throttle:',
  ) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    const name = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(name).expire(name, windowSeconds, 'NX').exec()) as [[null, number], unknown];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async undo(key: string): Promise<void> {
    // Only an existing key: DECR of a missing one would create it without an expiry.
    await this.redis.eval("if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0", 1, this.prefix + key);
  }
}

/** The Redis throttle needs `EXPIRE … NX` (Redis 7): refuses an older server instead of never expiring keys. */
export async function assertRedisVersion(redis: Redis): Promise<void> {
  const info = await redis.info('server');
  const version = /^redis_version:([\d.]+)/m.exec(info)?.[1];
  const major = Number(version?.split('.')[0]);
  if (!version || !Number.isInteger(major) || major < 7) {
    throw new Error(`REDIS_URL points to Redis ${version ?? '(unknown version)'}; the rate limits need Redis 7 or later (EXPIRE … NX).`);
  }
}
