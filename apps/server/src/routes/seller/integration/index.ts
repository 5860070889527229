import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import { ErrorEnvelope } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import Type from 'typebox';
import { sha256, safeEqualHex } from '../../../lib/crypto.js';
import { unauthorized } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';
import { appendAudit, clientOf } from '../../../plugins/app/audit.js';
import { PlatformSync } from '../../../plugins/app/integration/platform-sync.js';

/** A batch of 1,000 orders with many items is larger than the app's 1 MB default. */
const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

/** Calls from the seller platform, authenticated by a shared API key rather than a user session. */
const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const key = app.config.integrationApiKey;
  const keyHash = key ? sha256(key) : undefined;

  // The key is checked before the body is read: an unknown caller learns nothing about the format.
  app.addHook('onRequest', async (request, reply) => {
    if (!keyHash) return reply.status(503).send({ code: 503, msg: '订单接口未启用', data: null });
    const sent = request.headers['x-api-key'];
    if (typeof sent !== 'string' || !safeEqualHex(sha256(sent), keyHash)) throw unauthorized('接口密钥不正确');
  });

  app.route({
    ...routeOf(app, ROUTES.integrationOrders, { tags: ['integration'], summary: '卖家平台推送订单（按订单号幂等，逐行校验，最多 1000 条）', security: [{ apiKey: [] }], headers: Type.Object({ 'x-api-key': Type.Optional(Type.String()) }), response: { 401: ErrorEnvelope, 503: ErrorEnvelope } }),
    bodyLimit: INGEST_BODY_LIMIT,
    handler: async (request) => {
      const result = await app.orderIngestion.ingest(request.body.orders);
      request.log.info({ created: result.created, updated: result.updated, failed: result.failed }, 'orders ingested');
      const detail = `订单 ${request.body.orders.length} 条：新增 ${result.created}，更新 ${result.updated}，失败 ${result.failed}`;
      await appendAudit(app.db, { action: 'integration.orders', actorId: null, targetId: null, detail, client: clientOf(request) });
      return ok(result);
    },
  });

  const sync = new PlatformSync(app.db, { db: app.db, sms: app.sms, staffChanged: app.accounts.staffChanged }, () => app.sessionCache.invalidate({ sites: true }));
  const docs = (summary: string) => ({ tags: ['integration'], summary, security: [{ apiKey: [] }], headers: Type.Object({ 'x-api-key': Type.Optional(Type.String()) }), response: { 401: ErrorEnvelope, 503: ErrorEnvelope } });

  app.route({
    ...routeOf(app, ROUTES.integrationSites, docs('卖家平台同步站点（按外部编号新增或更新，上级用外部编号，逐行校验，最多 1000 条）')),
    bodyLimit: INGEST_BODY_LIMIT,
    handler: async (request) => ok(await sync.sites(request.body.sites, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.integrationStaff, docs('卖家平台同步员工（按外部编号或手机号；active=false 即离职，其客户回到公海）')),
    bodyLimit: INGEST_BODY_LIMIT,
    handler: async (request) => ok(await sync.staff(request.body.staff, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.integrationCustomers, docs('卖家平台同步客户（按外部编号；新客户查重；负责人用手机号或外部编号，不填进公海）')),
    bodyLimit: INGEST_BODY_LIMIT,
    handler: async (request) => ok(await sync.customers(request.body.customers, clientOf(request))),
  });
};

export default integrationRoutes;
