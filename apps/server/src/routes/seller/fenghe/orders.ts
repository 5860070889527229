import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['orders'];
const security = [{ token: [] }];

/** Orders: the filtered list with its totals, and one order with its items. */
const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.orderList, { tags, security, summary: '订单列表（业务员只看自己的订单），附筛选结果的合计' }),
    handler: async (request) => ok(await app.orders.list(salesScope(request), request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.orderDetail, { tags, security, summary: '订单详情（含商品）' }),
    handler: async (request) => ok(await app.orders.detail(salesScope(request), request.body.id)),
  });
};

export default orderRoutes;
