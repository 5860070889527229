import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BindBody,
  BindingHistory,
  BindingHistoryBody,
  ClaimBody,
  CustomerDetail,
  CustomerDetailBody,
  CustomerListBody,
  CustomerOrdersBody,
  CustomerPage,
  Envelope,
  OrderPage,
  QrResolution,
  QrResolveBody,
  UnbindBody,
} from '@sales/contract';
import { ok } from '../../../lib/reply.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['customers'];
const security = [{ token: [] }];

/** Customers: list, detail, their orders, binding to salespeople, QR codes. */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customer/list',
    { schema: { tags, security, summary: '客户列表（业务员只看自己的客户）', body: CustomerListBody, response: { 200: Envelope(CustomerPage) } } },
    async (request) => ok(await app.customers.list(salesScope(request), request.body)),
  );

  app.post(
    '/customer/detail',
    { schema: { tags, security, summary: '客户详情', body: CustomerDetailBody, response: { 200: Envelope(CustomerDetail) } } },
    async (request) => ok(await app.customers.detail(salesScope(request), request.body.id)),
  );

  app.post(
    '/customer/orders',
    { schema: { tags, security, summary: '客户的订单', body: CustomerOrdersBody, response: { 200: Envelope(OrderPage) } } },
    async (request) => {
      const scope = salesScope(request);
      const { customerId, ...rest } = request.body;
      await app.customers.requireVisible(scope, customerId);
      return ok(await app.orders.list(scope, { ...rest, customerId }));
    },
  );

  app.post(
    '/customer/bindings',
    { schema: { tags, security, summary: '客户的绑定记录', body: BindingHistoryBody, response: { 200: Envelope(BindingHistory) } } },
    async (request) => ok(await app.customers.bindings(salesScope(request), request.body.customerId)),
  );

  app.post(
    '/customer/bind',
    { schema: { tags, security, summary: '绑定或转移客户给本站点成员（站点负责人）', body: BindBody, response: { 200: Envelope(CustomerDetail) } } },
    async (request) => {
      const scope = salesScope(request);
      await app.customers.bind(scope, request.body.customerId, request.body.staffId, clientOf(request));
      return ok(await app.customers.detail(scope, request.body.customerId));
    },
  );

  app.post(
    '/customer/unbind',
    { schema: { tags, security, summary: '解除客户与业务员的绑定（站点负责人）', body: UnbindBody, response: { 200: Envelope(CustomerDetail) } } },
    async (request) => {
      const scope = salesScope(request);
      await app.customers.unbind(scope, request.body.customerId, clientOf(request));
      return ok(await app.customers.detail(scope, request.body.customerId));
    },
  );

  app.post(
    '/customer/claim',
    { schema: { tags, security, summary: '业务员扫码认领本站点未绑定的客户', body: ClaimBody, response: { 200: Envelope(CustomerDetail) } } },
    async (request) => {
      const scope = salesScope(request);
      const customerId = await app.customers.claim(scope, request.body.qrToken, clientOf(request));
      return ok(await app.customers.detail(scope, customerId));
    },
  );

  app.post(
    '/customer/qr/resolve',
    { schema: { tags, security, summary: '识别扫到的客户二维码', body: QrResolveBody, response: { 200: Envelope(QrResolution) } } },
    async (request) => ok(await app.customers.resolveQr(salesScope(request), request.body.code)),
  );
};

export default customerRoutes;
