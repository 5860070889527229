import AjvCompiler from '@fastify/ajv-compiler';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, HealthResult, LiveResult } from '@sales/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import Type from 'typebox';
import type { Database } from './db/client.js';
import type { Config } from './env.js';
import { ok } from './lib/reply.js';
import adminRoutes from './routes/seller/admin/index.js';
import { administratorWatch } from './plugins/app/admin/administrators.js';
import authentication from './plugins/app/auth/authentication.js';
import directory from './plugins/app/directory/directory.js';
import errors, { frameworkErrors } from './plugins/app/errors.js';
import hostApps from './plugins/app/host-apps/host-apps.js';
import idempotency from './plugins/app/idempotency/idempotency.js';
import inputGuard from './plugins/app/input-guard.js';
import notices from './plugins/app/notices/notices.js';
import noticeDelivery from './plugins/app/notices/notice-delivery.js';
import reports from './plugins/app/reports/reports.js';
import sales from './plugins/app/sales/sales.js';
import services from './plugins/app/services.js';
import db from './plugins/external/db.js';
import docs from './plugins/external/docs.js';
import security from './plugins/external/security.js';
import web from './plugins/external/web.js';
import devRoutes from './routes/dev.js';
import fengheRoutes from './routes/seller/fenghe/index.js';
import halfMonthRoutes from './routes/seller/halfmonth/index.js';
import integrationRoutes from './routes/seller/integration/index.js';
import noticeCenterRoutes from './routes/seller/notice/center.js';
import noticeChannelRoutes from './routes/seller/notice-channels/index.js';
import uploadRoutes from './routes/seller/upload/index.js';
import userRoutes from './routes/seller/user/index.js';
import hostJsapiRoutes from './routes/seller/host-jsapi/index.js';
import versionRoutes from './routes/seller/version/index.js';
import weeklyRoutes from './routes/seller/weekly/index.js';

export interface BuildOptions {
  config: Config;
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The server's pino settings: JSON lines at the configured level. Request lines carry method, URL
 * and address only (no bodies); headers that hold credentials are censored wherever a log line
 * would show them (a request or an error serialiser).
 */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]', 'err.config.headers', '*.password', '*.oldPassword', '*.token', '*.ticket'],
      censor: '[redacted]',
    },
  };
}

/** A host sign-in's return (`/?code=…&state=…`, `/admin/?authCode=…`) is logged without its code and state. */
export function withoutSignInCodes(url: string): string {
  return url.replace(/([?&](?:code|authCode|auth_code|state)=)[^&#]*/g, '$1[redacted]');
}

/** Ajv settings of every request part: nothing removed, the first failure only (one message). */
const AJV_OPTIONS = { removeAdditional: false, allErrors: false } as const;

/**
 * Schema validators with type coercion for the URL and headers only. A query string, a path or a
 * header carries text, so `?siteId=101` must become a number; a JSON body carries its own types,
 * and coercing them stored `null`/`false` as 0 and `[5]` as 5: a body value of the wrong type is
 * refused (400 naming the field) instead.
 */
export function validatorCompilers(): NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']> {
  const pool = AjvCompiler();
  type Build = typeof pool;
  // The pool's compilers take Fastify's route definition ({ schema, httpPart, … }), whatever their type says.
  type Compile = (route: { httpPart?: string }) => unknown;
  const buildValidator = (externalSchemas: Parameters<Build>[0]) => {
    const coercing = pool(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } }) as unknown as Compile;
    const strict = pool(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } }) as unknown as Compile;
    return ((route: { httpPart?: string }) => (route.httpPart === 'body' ? strict : coercing)(route)) as unknown as ReturnType<Build>;
  };
  return { buildValidator };
}

/** Builds the whole server: plugins, then domain services, then routes. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: process.env.TRUST_PROXY === 'true',
    // One log line per request (below), not Fastify's two ("incoming request" and "request completed").
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    // The first start migrates and loads the demo data (seconds on PGlite, minutes at SEED_SCALE=100).
    pluginTimeout: 10 * 60 * 1000,
    schemaController: { compilersFactory: validatorCompilers() },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: withoutSignInCodes(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    done();
  });
  await app.register(errors);
  await app.register(inputGuard);
  await app.register(db, { config, database });
  await app.register(security);
  await app.register(docs);
  await app.register(services);
  await app.register(hostApps);
  await app.register(idempotency);
  await app.register(authentication);
  await app.register(sales);
  await app.register(reports);
  await app.register(notices);
  await app.register(noticeDelivery);
  await app.register(directory);

  // An empty database has nobody who can sign in: the log and /healthz say how to make the first administrator.
  const administrators = administratorWatch(app.db);
  app.addHook('onReady', async () => {
    const setup = await administrators.setupHint();
    if (setup) app.log.warn(setup);
  });

  // Readiness from state kept by the db plugin (no query per call); liveness answers while the process serves.
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: '就绪检查：迁移与种子数据完成、未在关闭、数据库连接正常时 200，否则 503', response: { 200: Envelope(HealthResult), 503: Envelope(Type.Null()) } } },
    async (_request, reply) => {
      if (!app.readiness.ready) return reply.status(503).send({ code: 503, msg: '服务未就绪', data: null });
      const setup = await administrators.setupHint();
      return ok({ status: 'ok' as const, database: app.database.kind, ...(setup ? { setup } : {}) });
    },
  );
  app.get('/healthz/live', { schema: { tags: ['ops'], summary: '存活检查：进程在服务即 200，不访问数据库', response: { 200: Envelope(LiveResult) } } }, async () =>
    ok({ status: 'ok' as const }),
  );

  await app.register(userRoutes, { prefix: '/seller/user' });
  await app.register(hostJsapiRoutes, { prefix: '/seller/user/host-jsapi' });
  await app.register(versionRoutes, { prefix: '/seller/version' });
  await app.register(uploadRoutes, { prefix: '/seller/upload' });
  await app.register(fengheRoutes, { prefix: '/seller/fenghe/staff' });
  await app.register(weeklyRoutes, { prefix: '/seller/weekly/staff' });
  await app.register(halfMonthRoutes, { prefix: '/seller/halfmonth/staff' });
  await app.register(integrationRoutes, { prefix: '/seller/integration' });
  await app.register(noticeCenterRoutes, { prefix: '/seller/notice' });
  await app.register(noticeChannelRoutes, { prefix: '/seller/notice' });
  await app.register(adminRoutes, { prefix: '/seller/admin' });
  if (config.smsProvider === 'console' && !config.production) {
    await app.register(devRoutes, { prefix: '/__dev' });
  }
  await app.register(web);
  return app;
}
