import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';
import { routeOf } from '../../route-of.js';

const tags = ['pool'];
const security = [{ token: [] }];

/** The 公海 pool of a site (issue 27 §2): its customers without an owner, 领取, 放弃 and 分配. */
const poolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.poolList, { tags, security, summary: '公海客户列表（不含电话与联系人）' }),
    handler: async (request) => ok(await app.pool.list(salesScope(request), request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.poolLastOwners, { tags, security, summary: '公海客户的前负责人（筛选用）' }),
    handler: async (request) => ok(await app.pool.lastOwners(salesScope(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.poolRules, { tags, security, summary: '本站点的公海规则与我的领取情况' }),
    handler: async (request) => ok(await app.pool.rules(salesScope(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.poolClaim, { tags, security, summary: '业务员从公海领取客户（拥有上限、每日领取上限、前负责人等待期）' }),
    handler: async (request) => {
      const scope = salesScope(request);
      const customerId = await app.pool.claim(scope, request.body.customerId, clientOf(request));
      return ok(await app.customers.detail(scope, customerId));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.poolRelease, { tags, security, summary: '负责人放弃自己的客户到公海（须填原因）' }),
    handler: async (request) => {
      await app.pool.release(salesScope(request), request.body.customerId, request.body.reason, clientOf(request));
      return ok({ customerId: request.body.customerId });
    },
  });

  app.route({
    ...routeOf(app, ROUTES.poolAssign, { tags, security, summary: '站点负责人把公海客户分配给本站点成员（可填原因超出拥有上限）' }),
    handler: async (request) => ok(await app.pool.assign(salesScope(request), request.body, clientOf(request))),
  });
};

export default poolRoutes;
