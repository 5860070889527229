import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { nameFor, STATEMENT_TEXT_MAX, statementName } from '../../src/db/prepared.js';
import { createTestDatabase, rows, type TestDatabase } from '../helper.js';

describe('nameFor', () => {
  it('names a read sent with parameters by its text, the same text the same name', () => {
    expect(nameFor('select $1::int', [1])).toBe(statementName('select $1::int'));
    expect(nameFor('  WITH a as (select $1::int) select * from a', [1])).toMatch(/^s_[0-9a-f]{24}$/);
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::int + 1'));
  });

  it('leaves writes, statements without parameters, keyword searches and very long texts unnamed', () => {
    expect(nameFor('insert into t values ($1)', [1])).toBeUndefined();
    expect(nameFor('update t set a = $1', [1])).toBeUndefined();
    expect(nameFor('select 1', [])).toBeUndefined();
    expect(nameFor('select 1', undefined)).toBeUndefined();
    expect(nameFor(`select $1::int${' '.repeat(STATEMENT_TEXT_MAX)}`, [1])).toBeUndefined();
    // A keyword search is planned with its keyword each time.
    expect(nameFor('select id from customers where name ilike $1', ['%超市%'])).toBeUndefined();
    expect(nameFor('select id from customers where search_keys @> search_bigrams($1, $2) limit $3', [101, '超市', 20])).toBeUndefined();
    // A column or table named like a keyword does not make a write look like a read.
    expect(nameFor('selection_log', [1])).toBeUndefined();
  });
});

describe('the database pool', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(false);
  });
  afterAll(async () => {
    await test.dispose();
  });

  const preparedLike = (db: Db, marker: string) =>
    rows<{ name: string; statement: string }>(db, sql`select name, statement from pg_prepared_statements where statement like ${`%${marker}%`}`);

  it('answers each read with its own parameters, however many run at once', async () => {
    const values = Array.from({ length: 24 }, (_, index) => index);
    const answers = await Promise.all(values.map((value) => rows<{ twice: number; text: string }>(test.database.db, sql`select (${value}::int * 2) as twice, ${`n${value}`}::text as text`)));
    expect(answers.map((found) => found[0])).toEqual(values.map((value) => ({ twice: value * 2, text: `n${value}` })));
  });

  it('on PostgreSQL, prepares a read once per connection under its text’s name, and not a write', async () => {
    if (test.database.kind === 'pglite') return; // PGlite has no pool: nothing is named there.
    await test.database.withConnection(async (db) => {
      await db.execute(sql`create temporary table prepared_probe (id int)`);
      for (const value of [1, 2, 3]) {
        await db.execute(sql`insert into prepared_probe values (${value})`);
        expect(await rows(db, sql`select id + 40 as answer from prepared_probe where id = ${value}`)).toEqual([{ answer: value + 40 }]);
      }
      const reads = await preparedLike(db, '+ 40 as answer');
      expect(reads).toHaveLength(1);
      expect(reads[0]?.name).toBe(statementName(reads[0]?.statement ?? ''));
      expect(await preparedLike(db, 'insert into prepared_probe')).toEqual([]);
    });
  });

  it('on PostgreSQL, a read refused for a bad value is refused again, and answers a good one after', async () => {
    if (test.database.kind === 'pglite') return;
    await test.database.withConnection(async (db) => {
      const read = (value: string) => rows<{ n: number }>(db, sql`select ${value}::int + 1 as n`);
      // 22P02: invalid input syntax (drizzle wraps the driver's error in its own, as `cause`).
      await expect(read('x')).rejects.toMatchObject({ cause: { code: '22P02' } });
      await expect(read('y')).rejects.toMatchObject({ cause: { code: '22P02' } });
      expect(await read('41')).toEqual([{ n: 42 }]);
    });
  });

  it('runs reads inside a transaction, which see its own writes', async () => {
    const seen = await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table prepared_tx_probe (id int) on commit drop`);
      await tx.execute(sql`insert into prepared_tx_probe values (7)`);
      return rows<{ id: number }>(tx as unknown as Db, sql`select id from prepared_tx_probe where id = ${7}`);
    });
    expect(seen).toEqual([{ id: 7 }]);
  });
});
