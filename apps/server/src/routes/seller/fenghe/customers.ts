import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import { CustomerDuplicateEnvelope, ErrorEnvelope } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import Type from 'typebox';
import { ok } from '../../../lib/reply.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['customers'];
const security = [{ token: [] }];

/** Customers: list, detail, their orders, binding to salespeople, QR codes. */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.customerList, { tags, security, summary: '客户列表（业务员只看自己的客户）' }),
    handler: async (request) => ok(await app.customers.list(salesScope(request), request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.customerDetail, { tags, security, summary: '客户详情' }),
    handler: async (request) => ok(await app.customers.detail(salesScope(request), request.body.id)),
  });

  app.route({
    ...routeOf(app, ROUTES.customerOrders, { tags, security, summary: '客户的订单' }),
    handler: async (request) => {
      const scope = salesScope(request);
      const { customerId, ...rest } = request.body;
      await app.customers.requireVisible(scope, customerId);
      return ok(await app.orders.ofCustomer(scope, customerId, rest));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.customerBindings, { tags, security, summary: '客户的绑定记录' }),
    handler: async (request) => ok(await app.customers.bindings(salesScope(request), request.body.customerId)),
  });

  app.route({
    ...routeOf(app, ROUTES.customerBind, { tags, security, summary: '绑定或转移客户给本站点成员（站点负责人）' }),
    handler: async (request) => {
      const scope = salesScope(request);
      await app.customers.bind(scope, request.body.customerId, request.body.staffId, clientOf(request));
      return ok(await app.customers.detail(scope, request.body.customerId));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.customerUnbind, { tags, security, summary: '解除客户与业务员的绑定（站点负责人）' }),
    handler: async (request) => {
      const scope = salesScope(request);
      await app.customers.unbind(scope, request.body.customerId, clientOf(request));
      return ok(await app.customers.detail(scope, request.body.customerId));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.customerCreate, {
      tags,
      security,
      summary: '新建客户（查重：同站点同电话或同名即已存在，返回 409 与已有客户）',
      response: { 409: Type.Union([CustomerDuplicateEnvelope, ErrorEnvelope]) },
    }),
    handler: async (request) => {
      const scope = salesScope(request);
      return ok(
        await app.idempotency.run(request, 'customerCreate', request.body, async (db) => {
          const id = await app.customerCreation.create(scope, request.body, clientOf(request), db);
          return app.customers.detail(scope, id, db);
        }),
      );
    },
  });

  app.route({
    ...routeOf(app, ROUTES.customerClaim, { tags, security, summary: '业务员扫码认领本站点未绑定的客户' }),
    handler: async (request) => {
      const scope = salesScope(request);
      const customerId = await app.customers.claim(scope, request.body.qrToken, clientOf(request));
      return ok(await app.customers.detail(scope, customerId));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.customerPosition, { tags, security, summary: '设置客户位置（主管给定经纬度，或签到人确认签到位置）' }),
    handler: async (request) => ok(await app.visits.setPosition(salesScope(request), request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.customerQrResolve, { tags, security, summary: '识别扫到的客户二维码' }),
    handler: async (request) => ok(await app.customers.resolveQr(salesScope(request), request.body.code)),
  });
};

export default customerRoutes;
