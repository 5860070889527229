import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAfterBulkWrite, BULK_ANALYZE_ROWS } from '../../src/db/bulk-analyze.js';
import { createTestDatabase, rows, type TestDatabase } from '../helper.js';

describe('statistics after a bulk write', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(false);
  });
  afterAll(async () => {
    await test.dispose();
  });

  /** The planner's row count of a table: -1 until it is first analyzed (or vacuumed). */
  const plannedRows = async (table: string) =>
    (await rows<{ planned: number }>(test.database.db, sql`select reltuples::int as planned from pg_class where relname = ${table}`))[0]?.planned;

  it('analyzes the tables a write of BULK_ANALYZE_ROWS rows or more filled, and not after a small one', async () => {
    const db = test.database.db;
    await db.execute(sql`create table bulk_probe_small (id int)`);
    await db.execute(sql`create table bulk_probe_big (id int)`);
    await db.execute(sql`insert into bulk_probe_small select generate_series(1, 10)`);
    await db.execute(sql`insert into bulk_probe_big select generate_series(1, ${BULK_ANALYZE_ROWS})`);

    expect(await analyzeAfterBulkWrite(db, ['bulk_probe_small'], 10)).toBe(false);
    expect(await plannedRows('bulk_probe_small')).toBe(-1);

    expect(await analyzeAfterBulkWrite(db, ['bulk_probe_big'], BULK_ANALYZE_ROWS)).toBe(true);
    expect(await plannedRows('bulk_probe_big')).toBe(BULK_ANALYZE_ROWS);
  });
});
