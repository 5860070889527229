import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  /**
   * For reads whose best plan does not depend on their values: the dashboards' one statements
   * (readTree, home's). On PostgreSQL their connections always run a statement's generic plan, made
   * once per connection; PGlite has the one connection, `db`. See GENERIC_PLANS.
   */
  genericReads: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one connection held for its whole length, so that session state such as a
   * TEMP table lasts from one query to the next (PGlite has only the one connection).
   */
  withConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/**
 * The setting of genericReads' connections. PostgreSQL plans a named statement with its values for
 * its first five runs, then keeps its generic plan only when that plan's estimate is no dearer than
 * the custom ones'. For a dashboard's statement over this week or this month, whose days lie past
 * the table's statistics, the custom estimates are tiny: it planned with the values on every call,
 * ~1 ms, as long as running it, for the same plan (issue 29). Only the dashboards go there: a keyword
 * search needs its values planned (prepared.ts), and other reads keep PostgreSQL's own choice.
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';
/** Serialises migration and seeding across instances starting together on one PostgreSQL. */
const MIGRATION_LOCK = 7_410_201;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the PGlite database; in memory when absent. */
  pgliteDir?: string | undefined;
  /**
   * PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster: the tests' templates.
   * With `pgliteDir`, only a directory that holds no database yet is filled from it.
   */
  pgliteDump?: Blob | undefined;
  /** Runs once migrations are applied, under the migration lock. */
  afterMigrate?: (db: Db) => Promise<void>;
  /** Told when an idle PostgreSQL connection breaks (server restart, failover); the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

/** Where a data directory (DATA_DIR) keeps its PGlite database: the server, the commands and the tests agree on it. */
export function pgliteDirIn(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Where the configured database is: PostgreSQL at DATABASE_URL, else PGlite in the data directory. */
export function configuredDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Pick<OpenOptions, 'databaseUrl' | 'pgliteDir'> {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: pgliteDirIn(config.dataDir) };
}

/** Opens PostgreSQL when a URL is given, PGlite otherwise, and brings the schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Reads go as named prepared statements, parsed and planned once per connection (prepared.ts).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: PreparingClient });
    const genericPool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: PreparingClient, options: GENERIC_PLANS });
    // Without a listener, a broken idle connection is an unhandled 'error' event that ends the process.
    for (const each of [pool, genericPool]) each.on('error', (error) => options.onIdleError?.(error));
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const lockedDb = drizzlePg({ client, schema }) as unknown as Db;
      await migratePg(drizzlePg({ client }), { migrationsFolder });
      await options.afterMigrate?.(lockedDb);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const withConnection = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      const connection = await pool.connect();
      try {
        const result = await work(drizzlePg({ client: connection, schema }) as unknown as Db);
        connection.release();
        return result;
      } catch (error) {
        // Destroyed rather than returned to the pool: whatever the work left in the session goes with it.
        connection.release(true);
        throw error;
      }
    };
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      genericReads: drizzlePg({ client: genericPool, schema }) as unknown as Db,
      kind: 'postgres',
      withConnection,
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }

  if (options.pgliteDir) await fs.mkdir(options.pgliteDir, { recursive: true });
  const loadDump =
    options.pgliteDump && !(options.pgliteDir && (await fs.stat(path.join(options.pgliteDir, 'PG_VERSION')).catch(() => null)))
      ? { loadDataDir: options.pgliteDump }
      : {};
  // pg_trgm backs the keyword-search indexes (migration 0008), as on PostgreSQL.
  const extensions = { pg_trgm };
  const client = options.pgliteDir ? new PGlite(options.pgliteDir, { extensions, ...loadDump }) : new PGlite({ extensions, ...loadDump });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  await options.afterMigrate?.(db);
  return { db, genericReads: db, kind: 'pglite', withConnection: (work) => work(db), close: () => client.close() };
}
