import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['performance'];
const security = [{ token: [] }];
/** Reads that reportAllSites users may make at any site (DESIGN §4), read-only. */
const crossSiteRead = { scope: 'performanceRead' as const };

/** Performance figures, ranking, home, standards and search of a site. */
const performanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.performanceSites, { tags, security, summary: '可查看业绩的站点' }),
    config: { scope: 'none' },
    handler: async (request) => ok(await app.performance.sites(currentUser(request).id)),
  });

  app.route({
    ...routeOf(app, ROUTES.performancePerson, { tags, security, summary: '个人销售业绩（主管可看成员）' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.performance.person(salesScope(request), request.body.staffId, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.performanceSite, { tags, security, summary: '部门销售业绩（合计、趋势、成员）' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.performance.site(salesScope(request), request.body, request.body.sort, request.body.order)),
  });

  app.route({
    ...routeOf(app, ROUTES.performanceDetails, { tags, security, summary: '部门销售明细（按天或按订单）' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.performance.details(salesScope(request), request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.performanceRanking, { tags, security, summary: '员工业绩排行' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.performance.ranking(salesScope(request), request.body, request.body.metric)),
  });

  app.route({
    ...routeOf(app, ROUTES.performanceHome, { tags, security, summary: '首页看板' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.performanceHome.home(salesScope(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.performanceSearch, { tags, security, summary: '搜索业务员和客户的业绩' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.performanceSearch.search(salesScope(request), request.body.keyword, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.standardList, { tags, security, summary: '业绩标准（某月）' }),
    config: crossSiteRead,
    handler: async (request) => ok(await app.standards.get(salesScope(request), request.body.month)),
  });

  app.route({
    ...routeOf(app, ROUTES.standardUpdate, { tags, security, summary: '修改业绩标准（本站点主管）' }),
    handler: async (request) => ok(await app.standards.update(salesScope(request), request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.standardHistory, { tags, security, summary: '业绩标准修改记录' }),
    config: crossSiteRead,
    handler: async (request) =>
      ok(await app.standards.history(salesScope(request), request.body.month, request.body.page, request.body.pageSize)),
  });
};

export default performanceRoutes;
