/**
 * Seeds the demo data ONCE per run of the server (or security) suite, and every test file then
 * starts from a copy of it instead of migrating and seeding its own database (seconds per file on
 * an idle machine, much more on a busy one):
 * - PGlite: a migrated and seeded in-memory cluster, dumped to a tar file that each file's
 *   PGlite loads (`loadDataDir`);
 * - PostgreSQL (DATABASE_URL set): a template database that each file's `create database … template`
 *   copies, dropped at the end of the run.
 * The copies are the same data a fresh seed would write at that moment. The state before the seed
 * (migrated, no rows) is kept the same way: createTestDatabase(false) and the commands the tests
 * run against an empty or seeded data directory (pgliteDataDir) start from those copies too.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Db } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { TEST_SEED_SCALE } from './seed-scale.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dump every file's database starts from ('' when the run is on PostgreSQL). */
    pgliteTemplate: string;
    /** The PostgreSQL template database every file's database copies ('' on PGlite). */
    postgresTemplate: string;
    /** The same two, migrated but not seeded: for the files that need an empty database. */
    pgliteMigrated: string;
    postgresMigrated: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const seed = async (db: Db) => {
    await seedDemoData(db, SEED_STEPS, { scale: TEST_SEED_SCALE });
  };
  if (!serverUrl) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-test-template-'));
    const migratedFile = path.join(dir, 'migrated.tar');
    const seededFile = path.join(dir, 'seeded.tar');
    const dump = async (db: Db, file: string) => {
      const client = (db as unknown as { $client: { dumpDataDir(compression?: 'none'): Promise<Blob> } }).$client;
      await fs.writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    };
    const database = await openDatabase({
      afterMigrate: async (db) => {
        await dump(db, migratedFile);
        await seed(db);
      },
    });
    try {
      await dump(database.db, seededFile);
    } finally {
      await database.close();
    }
    project.provide('pgliteTemplate', seededFile);
    project.provide('pgliteMigrated', migratedFile);
    project.provide('postgresTemplate', '');
    project.provide('postgresMigrated', '');
    return () => fs.rm(dir, { recursive: true, force: true });
  }
  const suffix = randomBytes(6).toString('hex');
  const migrated = `sales_test_migrated_${suffix}`;
  const seeded = `sales_test_template_${suffix}`;
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await adminQuery(serverUrl, `create database "${migrated}"`);
  await (await openDatabase({ databaseUrl: urlOf(migrated) })).close();
  await adminQuery(serverUrl, `create database "${seeded}" template "${migrated}"`);
  await (await openDatabase({ databaseUrl: urlOf(seeded), afterMigrate: seed })).close();
  project.provide('pgliteTemplate', '');
  project.provide('pgliteMigrated', '');
  project.provide('postgresTemplate', seeded);
  project.provide('postgresMigrated', migrated);
  return async () => {
    await adminQuery(serverUrl, `drop database if exists "${seeded}" with (force)`);
    await adminQuery(serverUrl, `drop database if exists "${migrated}" with (force)`);
  };
}
async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
