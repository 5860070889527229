import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['follow-ups'];
const security = [{ token: [] }];

/** 跟进记录 of a customer: read by those who see the customer, written by its owner and the leaders; 今日待办, the caller's own. */
const followUpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.followUpList, { tags, security, summary: '客户的跟进记录' }),
    handler: async (request) => ok(await app.followUps.list(salesScope(request), request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.followUpCreate, { tags, security, summary: '新增跟进记录' }),
    handler: async (request) =>
      ok(await app.idempotency.run(request, 'followUpCreate', request.body, (db) => app.followUps.create(salesScope(request), currentUser(request).username, request.body, db))),
  });

  app.route({
    ...routeOf(app, ROUTES.followUpDue, { tags, security, summary: '今日待办：到期和逾期的下次联系、本期未交的报告' }),
    handler: async (request) => ok(await app.todo.due(salesScope(request), request.body)),
  });
};

export default followUpRoutes;
