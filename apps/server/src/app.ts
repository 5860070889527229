import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, HealthResult } from '@sales/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/client.js';
import type { Config } from './env.js';
import { ok } from './lib/reply.js';
import authentication from './plugins/app/authentication.js';
import errors, { frameworkErrors } from './plugins/app/errors.js';
import inputGuard from './plugins/app/input-guard.js';
import reports from './plugins/app/reports.js';
import sales from './plugins/app/sales.js';
import services from './plugins/app/services.js';
import db from './plugins/external/db.js';
import docs from './plugins/external/docs.js';
import security from './plugins/external/security.js';
import web from './plugins/external/web.js';
import devRoutes from './routes/dev.js';
import fengheRoutes from './routes/seller/fenghe/index.js';
import halfMonthRoutes from './routes/seller/halfmonth/index.js';
import integrationRoutes from './routes/seller/integration/index.js';
import uploadRoutes from './routes/seller/upload/index.js';
import userRoutes from './routes/seller/user/index.js';
import versionRoutes from './routes/seller/version/index.js';
import weeklyRoutes from './routes/seller/weekly/index.js';

export interface BuildOptions {
  config: Config;
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server: plugins, then domain services, then routes. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    // The first start migrates and loads the demo data (seconds on PGlite, minutes at SEED_SCALE=100).
    pluginTimeout: 10 * 60 * 1000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errors);
  await app.register(inputGuard);
  await app.register(db, { config, database });
  await app.register(security);
  await app.register(docs);
  await app.register(services);
  await app.register(authentication);
  await app.register(sales);
  await app.register(reports);

  app.get('/healthz', { schema: { tags: ['ops'], summary: '健康检查', response: { 200: Envelope(HealthResult) } } }, async () => {
    await app.db.execute(sql`select 1`);
    return ok({ status: 'ok' as const, database: app.database.kind });
  });

  await app.register(userRoutes, { prefix: '/seller/user' });
  await app.register(versionRoutes, { prefix: '/seller/version' });
  await app.register(uploadRoutes, { prefix: '/seller/upload' });
  await app.register(fengheRoutes, { prefix: '/seller/fenghe/staff' });
  await app.register(weeklyRoutes, { prefix: '/seller/weekly/staff' });
  await app.register(halfMonthRoutes, { prefix: '/seller/halfmonth/staff' });
  await app.register(integrationRoutes, { prefix: '/seller/integration' });
  if (config.smsProvider === 'console' && !config.production) {
    await app.register(devRoutes, { prefix: '/__dev' });
  }
  await app.register(web);
  return app;
}
