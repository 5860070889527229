/**
 * Bulk loading for the seed: rows as column arrays (insert … select from unnest), the summary
 * triggers off and secondary indexes dropped during the load, each rebuilt once afterwards.
 */
import { sql, type SQL } from 'drizzle-orm';
import { analyzeTables } from './bulk-analyze.js';
import type { Tx } from './client.js';

export function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

type ColumnType = 'int' | 'bigint' | 'text' | 'timestamptz';

/**
 * Inserts many rows as one statement of column arrays (insert … select from unnest): a handful of
 * parameters whatever the row count, so the seed takes a few seconds rather than half a minute.
 */
export async function insertColumns(tx: Tx, table: string, columns: Record<string, readonly [ColumnType, readonly unknown[]]>, returning?: SQL) {
  const names = Object.keys(columns);
  const arrays = names.map((name) => {
    const [type, values] = columns[name] as readonly [ColumnType, readonly unknown[]];
    const encoded = values.map((value) => (value instanceof Date ? value.toISOString() : value));
    return sql`${sql.param(encoded)}::${sql.raw(type)}[]`;
  });
  const query = sql`insert into ${sql.identifier(table)} (${sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )}) select * from unnest(${sql.join(arrays, sql`, `)})`;
  return tx.execute(returning ? sql`${query} returning ${returning}` : query);
}

export const column = <T>(type: ColumnType, rows: readonly T[], pick: (row: T) => unknown) => [type, rows.map(pick)] as const;

/**
 * The tables whose secondary indexes are built after the load. Not customers: the load updates
 * their figures at the end, and an index built after an update in the same transaction is
 * unusable (indcheckxmin) until every older transaction on the server has ended.
 */
const BULK_TABLES = ['customer_bindings', 'orders', 'order_items', 'follow_ups'];
/** Indexes the load itself reads: items find their order by its number. */
const LOAD_INDEXES = ['orders_order_no_uq'];
/**
 * The statement triggers that keep performance_daily (migration 0004), order_tallies (0011),
 * follow_up_latest (0018, its owners 0035) and customer_bindings.last_follow_up_at (0034) current, fired by the
 * load's statements; each is recomputed once after the load (follow_up_latest per batch, or a
 * binding's latest follow-up per row, would read follow_ups without its indexes, dropped meanwhile).
 * (customer_tallies keeps its triggers: a few hundred tallies, one upsert per batch.)
 */
const SUMMARY_TRIGGERS: readonly (readonly [string, string])[] = [
  ['customers', 'customers_perf_insert'],
  ['customers', 'customers_perf_update'],
  ['customers', 'customers_latest_owner'],
  ['orders', 'orders_perf_insert'],
  ['orders', 'orders_tallies_insert'],
  ['follow_ups', 'follow_ups_perf_insert'],
  ['follow_ups', 'follow_ups_latest_insert'],
  ['follow_ups', 'follow_ups_binding_insert'],
  ['customer_bindings', 'customer_bindings_follow_up_at'],
];
const SUMMARY_RECOMPUTES = ['perf_recompute', 'order_tallies_recompute', 'follow_up_latest_recompute', 'binding_follow_up_at_recompute'];
/**
 * The tables those recomputations fill (performance_monthly through its triggers on performance_daily,
 * migration 0037; order_tallies_monthly through its triggers on order_tallies, 0039).
 */
const SUMMARY_TABLES = ['performance_daily', 'performance_monthly', 'customer_tallies', 'order_tallies', 'order_tallies_monthly', 'follow_up_latest'];

/**
 * Runs a bulk load the way databases like it, inside the seed's transaction: the summary triggers
 * off (one recomputation of each summary at the end instead of one upsert per batch) and the secondary indexes
 * dropped, then built once over the loaded rows. Nothing else sees the tables meanwhile: the
 * transaction holds them, and a failure rolls the whole step back, indexes and triggers included.
 */
export async function bulkLoad(tx: Tx, load: () => Promise<void>): Promise<void> {
  const found = await tx.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(
      BULK_TABLES.map((table) => sql`${table}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      and i.indexname not in (${sql.join(
        LOAD_INDEXES.map((name) => sql`${name}`),
        sql`, `,
      )})
    order by i.indexname`);
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(found);
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  for (const [table, trigger] of SUMMARY_TRIGGERS) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
  await load();
  for (const [table, trigger] of SUMMARY_TRIGGERS) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
  for (const recompute of SUMMARY_RECOMPUTES) await tx.execute(sql`select ${sql.identifier(recompute)}()`);
  // Room to sort in memory: each index is built in one pass rather than through temporary files.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  // Statistics of what was loaded and of the summaries recomputed from it: without them the planner
  // takes the 100× summaries for the few rows they held before the load (home's 今日待联系 of a
  // parent site read 3,134 due rows through a plan made for 4: 57 ms instead of 12).
  await analyzeTables(tx, ['customers', 'customer_search', ...BULK_TABLES, ...SUMMARY_TABLES]);
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
