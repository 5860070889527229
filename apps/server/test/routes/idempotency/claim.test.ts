/** The claim itself (issue 19): a second claim of a live key waits for the first transaction, then sees its answer. */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdempotencyRepository } from '../../../src/plugins/app/idempotency/idempotency-repository.js';
import { canonicalJson, fingerprintOf } from '../../../src/plugins/app/idempotency/idempotency.js';
import { openDatabase } from '../../../src/db/client.js';
import { buildTestApp, login, PHONES, rows, useTestServer } from '../../helper.js';
import { firstCustomer, scalar, STAFF_API } from '../sales/support.js';
import { keyedCall, newKey } from './support.js';

const server = useTestServer();

/** Sessions waiting on a lock (PostgreSQL only). */
async function waitingOnLocks(): Promise<number> {
  const [row] = await rows<{ n: number | string }>(server.db, sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
  return Number(row?.n ?? 0);
}

describe('claiming a key', () => {
  it('fingerprints ignore the order of keys, not the values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(fingerprintOf('followUpCreate', { a: 1, b: 2 })).toBe(fingerprintOf('followUpCreate', { b: 2, a: 1 }));
    expect(fingerprintOf('followUpCreate', { a: 1 })).not.toBe(fingerprintOf('attendanceClockIn', { a: 1 }));
    expect(fingerprintOf('followUpCreate', { a: 1 })).not.toBe(fingerprintOf('followUpCreate', { a: '1' }));
  });

  it('fingerprints any JSON body as sorted JSON, however deep (a 5,000-deep body answered 500)', () => {
    // The same text as before it was iterative (keys kept under a key since then replay): the
    // recursive definition, for bodies of ordinary depth.
    const recursive = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map((item: unknown) => recursive(item ?? null)).join(',')}]`;
      if (value && typeof value === 'object') {
        const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${recursive(item)}`).join(',')}}`;
      }
      return JSON.stringify(value ?? null);
    };
    fc.assert(fc.property(fc.jsonValue(), (body) => canonicalJson(body) === recursive(body)));
    expect(canonicalJson({ b: undefined, a: [undefined, null] })).toBe('{"a":[null,null]}');
    const deep = JSON.parse(`${'{"a":'.repeat(5_000)}[${'['.repeat(5_000)}${']'.repeat(5_000)}]${'}'.repeat(5_000)}`) as unknown;
    expect(canonicalJson(deep)).toBe(`${'{"a":'.repeat(5_000)}[${'['.repeat(5_000)}${']'.repeat(5_000)}]${'}'.repeat(5_000)}`);
  });

  it('a second claim waits for the transaction holding the key and then reads its stored answer', async () => {
    const repository = new IdempotencyRepository(server.db);
    const key = newKey();
    const userId = 1;
    let claimed!: () => void;
    let release!: () => void;
    const claimedOnce = new Promise<void>((resolve) => (claimed = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = server.db.transaction(async (tx) => {
      const claim = await repository.claim(tx, userId, key, 'followUpCreate', 'f'.repeat(64));
      expect(claim.kind).toBe('claimed');
      claimed();
      await gate;
      if (claim.kind === 'claimed') await repository.store(tx, claim.id, { id: 42 });
    });
    await claimedOnce;
    const second = server.db.transaction((tx) => repository.claim(tx, userId, key, 'followUpCreate', 'f'.repeat(64)));
    if (server.database.kind === 'postgres') {
      // The second INSERT really waits on the first transaction's row of the unique index.
      await expect.poll(waitingOnLocks, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    }
    release();
    await first;
    expect(await second).toEqual({ kind: 'held', route: 'followUpCreate', fingerprint: 'f'.repeat(64), response: { id: 42 } });
  });

  it('a rolled-back claim leaves the key free for the waiting one', async () => {
    const repository = new IdempotencyRepository(server.db);
    const key = newKey();
    let claimed!: () => void;
    let release!: () => void;
    const claimedOnce = new Promise<void>((resolve) => (claimed = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = server.db
      .transaction(async (tx) => {
        await repository.claim(tx, 1, key, 'followUpCreate', 'a'.repeat(64));
        claimed();
        await gate;
        throw new Error('the work failed');
      })
      .catch((error: unknown) => error);
    await claimedOnce;
    const second = server.db.transaction((tx) => repository.claim(tx, 1, key, 'followUpCreate', 'b'.repeat(64)));
    release();
    expect(await first).toBeInstanceOf(Error);
    expect((await second).kind).toBe('claimed');
  });

  it('two instances on one database (on PostgreSQL each with its own pool) write once for one key', async () => {
    const url = server.config.databaseUrl;
    // PGlite is embedded: a second instance shares its one connection; PostgreSQL gives it its own pool.
    const ownPool = server.database.kind === 'postgres' && url;
    const otherDatabase = ownPool ? await openDatabase({ databaseUrl: url }) : server.database;
    const other = await buildTestApp(otherDatabase, server.config);
    try {
      const { accountInfo, token } = await login(server.app, PHONES.zhangWei);
      const session = { id: accountInfo.id, token };
      const customerId = (await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${session.id}`)).id;
      const body = { siteId: 101, customerId, type: '电话', content: '两个实例同一个键' };
      const key = newKey();
      const answers = await Promise.all([server.app, other, server.app, other].map((app) => keyedCall<{ id: number }>(app, session, `${STAFF_API}/followup/create`, body, key)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.data.id).toBe(answers[0]?.body.data.id);
      }
      expect(await scalar(server.db, sql`select count(*) as value from follow_ups where content = '两个实例同一个键'`)).toBe(1);
    } finally {
      await other.close();
      if (ownPool) await otherDatabase.close();
    }
  });
});
