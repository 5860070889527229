import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { configuredDatabase, openDatabase, type Database, type Db } from '../../db/client.js';
import { SEED_STEPS, seedDemoData } from '../../db/seed.js';
import type { Config } from '../../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    /** Whether the app serves: migrated, seeded and started, not closing, its database not known lost. */
    readiness: Readiness;
  }
}

export interface Readiness {
  readonly ready: boolean;
}

/** How often a lost PostgreSQL connection is tried again before /healthz says ready once more. */
const RECONNECT_PROBE_MS = 1000;

export interface DbPluginOptions {
  config: Config;
  /** An already open database (tests share one per worker); opened from the config otherwise. */
  database?: Database | undefined;
}

/**
 * Opens and migrates the database, loads the demo data on first start, closes it on shutdown, and
 * keeps the readiness /healthz answers from without a query per call: ready once the app has
 * started, not while it closes, and not from a broken pool connection until a probe succeeds.
 */
export default fp<DbPluginOptions>(
  async (app, { config, database }) => {
    let started = false;
    let closing = false;
    let connectionLost = false;
    let probe: NodeJS.Timeout | undefined;
    const probeUntilBack = (db: Db) => {
      if (probe || closing) return;
      probe = setTimeout(() => {
        db.execute(sql`select 1`).then(
          () => {
            probe = undefined;
            connectionLost = false;
            app.log.info('the database answers again');
          },
          () => {
            probe = undefined;
            probeUntilBack(db);
          },
        );
      }, RECONNECT_PROBE_MS);
      probe.unref();
    };
    // The pool may report a broken connection before openDatabase has returned the database to probe with.
    const probeTarget: { db?: Db } = {};
    const opened =
      database ??
      (await openDatabase({
        ...configuredDatabase(config),
        onIdleError: (error) => {
          app.log.warn({ err: error }, 'an idle database connection broke; not ready until the database answers again');
          connectionLost = true;
          if (probeTarget.db) probeUntilBack(probeTarget.db);
        },
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
    probeTarget.db = opened.db;
    app.decorate('readiness', {
      get ready() {
        return started && !closing && !connectionLost;
      },
    });
    app.addHook('onReady', async () => {
      started = true;
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(probe);
    });
    if (!database) {
      app.addHook('onClose', async () => {
        await opened.close();
      });
    }
  },
  { name: 'db' },
);
