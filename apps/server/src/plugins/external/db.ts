import fp from 'fastify-plugin';
import path from 'node:path';
import { openDatabase, type Database, type Db } from '../../db/client.js';
import { SEED_STEPS, seedDemoData } from '../../db/seed.js';
import type { Config } from '../../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** An already open database (tests share one per worker); opened from the config otherwise. */
  database?: Database | undefined;
}

/** Opens and migrates the database, loads the demo data on first start, closes it on shutdown. */
export default fp<DbPluginOptions>(
  async (app, { config, database }) => {
    const opened =
      database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
        onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection broke; the pool replaces it'),
        afterMigrate: async (db) => {
          if (!config.seedDemo) return;
          const started = performance.now();
          const ran = await seedDemoData(db, SEED_STEPS, { scale: config.seedScale });
          if (ran.length > 0) app.log.info({ steps: ran, scale: config.seedScale, ms: Math.round(performance.now() - started) }, 'demo data loaded');
        },
      }));
    app.decorate('config', config);
    app.decorate('database', opened);
    app.decorate('db', opened.db);
    if (!database) {
      app.addHook('onClose', async () => {
        await opened.close();
      });
    }
  },
  { name: 'db' },
);
