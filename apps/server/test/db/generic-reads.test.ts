/**
 * Issue 29: the dashboards' statements run on connections that always use a statement's generic
 * plan (Database.genericReads); every other read keeps PostgreSQL's own choice.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, rows, type TestDatabase } from '../helper.js';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase(false);
});
afterAll(async () => {
  await test.dispose();
});

const planCacheMode = async (db: TestDatabase['database']['db']) => {
  const [row] = await rows<{ mode: string }>(db, sql`select current_setting('plan_cache_mode') as mode`);
  return row?.mode;
};

describe('generic reads (issue 29)', () => {
  it('plans the dashboards’ statements once per connection on PostgreSQL, and leaves other reads to PostgreSQL', async () => {
    const { database } = test;
    if (database.kind === 'postgres') {
      // Each pool has several connections: every one of them is asked.
      const modes = await Promise.all(Array.from({ length: 6 }, () => planCacheMode(database.genericReads)));
      expect(new Set(modes)).toEqual(new Set(['force_generic_plan']));
      const others = await Promise.all(Array.from({ length: 6 }, () => planCacheMode(database.db)));
      expect(new Set(others)).toEqual(new Set(['auto']));
    } else {
      // PGlite has the one connection.
      expect(database.genericReads).toBe(database.db);
      expect(await planCacheMode(database.genericReads)).toBe('auto');
    }
  });
});
