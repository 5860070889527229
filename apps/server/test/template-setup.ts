/**
 * Seeds the demo data ONCE per run of the server (or security) suite, and every test file then
 * starts from a copy of it instead of migrating and seeding its own database (seconds per file on
 * an idle machine, much more on a busy one):
 * - PGlite: a migrated and seeded in-memory cluster, dumped to a tar file that each file's
 *   PGlite loads (`loadDataDir`);
 * - PostgreSQL (DATABASE_URL set): a template database that each file's `create database … template`
 *   copies, dropped at the end of the run.
 * The copies are the same data a fresh seed would write at that moment; a file that needs an
 * empty or differently seeded database still asks createTestDatabase(false).
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
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const afterMigrate = async (db: Db) => {
    await seedDemoData(db, SEED_STEPS, { scale: TEST_SEED_SCALE });
  };
  if (!serverUrl) {
    const database = await openDatabase({ afterMigrate });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-test-template-'));
    const file = path.join(dir, 'seeded.tar');
    try {
      const client = (database.db as unknown as { $client: { dumpDataDir(compression?: 'none'): Promise<Blob> } }).$client;
      const dump = await client.dumpDataDir('none');
      await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return () => fs.rm(dir, { recursive: true, force: true });
  }
  const name = `sales_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), afterMigrate });
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
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
