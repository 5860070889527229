/**
 * npm run seed -- [--scale N]: migrates the database of DATABASE_URL (or the PGlite database in
 * DATA_DIR) and loads the demo data at N× its size (default SEED_SCALE, else 1), printing how long
 * each step took. Steps already loaded are skipped, as at server start; this command has no
 * start-up time limit, so it is the way to fill a database with 100× the demo data. After a load it
 * ends with VACUUM ANALYZE of the whole database (outside any transaction).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { configuredDatabase, openDatabase, pgliteDirIn } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { loadConfig, parseSeedScale } from '../src/env.js';

const { values } = parseArgs({ options: { scale: { type: 'string' } } });
const config = loadConfig();
const scale = values.scale === undefined ? config.seedScale : parseSeedScale(values.scale);
const target = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${pgliteDirIn(config.dataDir)}`;
console.log(`seeding ${target} at ${scale}×`);

const began = performance.now();
let loaded = false;
const database = await openDatabase({
  ...configuredDatabase(config),
  afterMigrate: async (db) => {
    for (const step of SEED_STEPS) {
      const started = performance.now();
      const ran = await seedDemoData(db, [step], { scale });
      if (ran.length > 0) loaded = true;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(ran.length > 0 ? `${step.key}: ${seconds} s` : `${step.key}: already loaded`);
    }
  },
});
if (loaded) {
  // Each step analyzes what it loaded inside its transaction; outside any, VACUUM also clears the
  // row versions the load's summary recomputations left behind (an index built after an update
  // still lists them) and marks the pages all-visible, so index-only scans skip the heap.
  const started = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  console.log(`vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await database.close();
console.log(`done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
