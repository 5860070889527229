/**
 * Statistics after a bulk write (issue 29). The planner reads a table's statistics to choose its
 * plans, and autovacuum refreshes them only some time after a write (or never, where it is off):
 * right after a 100× seed the same bench gave half its shares. A write of this many rows or more
 * (the seed, a customer import, a directory sync) ends with `ANALYZE` of the tables it filled.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** Rows written from which a bulk write refreshes its tables' statistics. */
export const BULK_ANALYZE_ROWS = 1_000;

/** ANALYZE of each table (in a transaction too: it reads a sample, it does not vacuum). */
export async function analyzeTables(db: Db | Tx, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
}

/** ANALYZE of the tables a write filled, when it wrote BULK_ANALYZE_ROWS rows or more. */
export async function analyzeAfterBulkWrite(db: Db | Tx, tables: readonly string[], written: number): Promise<boolean> {
  if (written < BULK_ANALYZE_ROWS) return false;
  await analyzeTables(db, tables);
  return true;
}
