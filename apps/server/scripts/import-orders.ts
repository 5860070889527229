/**
 * npm run import:orders -- <file.csv|file.json> [more files…]
 *
 * Imports orders into the configured database (DATABASE_URL, or the PGlite database in DATA_DIR)
 * exactly as POST /seller/integration/orders does: idempotent by orderNo, row by row, with the
 * customers' figures recomputed. The database is migrated (and given the demo data unless
 * SEED_DEMO=false) first, as the server would at start. Exit code 0 when every order was stored,
 * 1 when any failed, 2 when a file could not be read.
 */
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { loadConfig } from '../src/env.js';
import { OrderIngestion } from '../src/plugins/app/order-ingestion.js';
import { formatReport, importOrderFile } from './order-file.js';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('用法：npm run import:orders -- <文件.csv|文件.json> …');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  afterMigrate: async (db) => {
    if (config.seedDemo) await seedDemoData(db, SEED_STEPS, { scale: config.seedScale });
  },
});

let exitCode = 0;
try {
  const ingestion = new OrderIngestion(database.db);
  for (const file of files) {
    // npm runs scripts from the package folder; names are relative to where the command was typed.
    const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    try {
      const report = await importOrderFile(ingestion, resolved);
      console.log(formatReport(path.basename(file), report));
      if (report.failed > 0) exitCode = Math.max(exitCode, 1);
    } catch (error) {
      console.error(`${path.basename(file)}：无法导入 — ${error instanceof Error ? error.message : String(error)}`);
      exitCode = 2;
    }
  }
} finally {
  await database.close();
}
process.exit(exitCode);
