/**
 * The database a command works on, opened as the server opens it: PostgreSQL at DATABASE_URL or
 * PGlite in DATA_DIR, migrated, with the demo data on first start unless SEED_DEMO=false — so an
 * import into a fresh directory lands beside the same demo the app would show.
 */
import { configuredDatabase, openDatabase, type Database } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import type { loadConfig } from '../src/env.js';

export function openAppDatabase(config: ReturnType<typeof loadConfig>): Promise<Database> {
  return openDatabase({
    ...configuredDatabase(config),
    afterMigrate: async (db) => {
      if (config.seedDemo) await seedDemoData(db, SEED_STEPS, { scale: config.seedScale });
    },
  });
}
