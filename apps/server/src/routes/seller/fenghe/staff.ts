import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['staff'];
const security = [{ token: [] }];

/** The members of a site with their customers and this month's sales. */
const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.staffList, { tags, security, summary: '站点成员（客户数、本月业绩）' }),
    handler: async (request) => ok(await app.members.staffList(salesScope(request), request.body.keyword)),
  });

  app.route({
    ...routeOf(app, ROUTES.staffDetail, { tags, security, summary: '成员详情（业务员只能查看自己）' }),
    handler: async (request) => ok(await app.members.staffDetail(salesScope(request), request.body.id)),
  });
};

export default staffRoutes;
