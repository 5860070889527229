import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, OrderDetail, OrderDetailBody, OrderListBody, OrderPage } from '@sales/contract';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['orders'];
const security = [{ token: [] }];

/** Orders: the filtered list with its totals, and one order with its items. */
const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/order/list',
    { schema: { tags, security, summary: '订单列表（业务员只看自己的订单），附筛选结果的合计', body: OrderListBody, response: { 200: Envelope(OrderPage) } } },
    async (request) => ok(await app.orders.list(salesScope(request), request.body)),
  );

  app.post(
    '/order/detail',
    { schema: { tags, security, summary: '订单详情（含商品）', body: OrderDetailBody, response: { 200: Envelope(OrderDetail) } } },
    async (request) => ok(await app.orders.detail(salesScope(request), request.body.id)),
  );
};

export default orderRoutes;
