import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  HomeBody,
  HomeDashboard,
  PerformanceSearchBody,
  PerformanceSearchResult,
  PerformanceSites,
  PerformanceSitesBody,
  PersonFigures,
  PersonFiguresBody,
  Ranking,
  RankingBody,
  SalesDetails,
  SalesDetailsBody,
  SiteFigures,
  SiteFiguresBody,
  StandardHistory,
  StandardHistoryBody,
  Standards,
  StandardsBody,
  StandardUpdateBody,
} from '@sales/contract';
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
  app.post(
    '/performance/sites',
    {
      config: { scope: 'none' },
      schema: { tags, security, summary: '可查看业绩的站点', body: PerformanceSitesBody, response: { 200: Envelope(PerformanceSites) } },
    },
    async (request) => ok(await app.performance.sites(currentUser(request).id)),
  );

  app.post(
    '/performance/person',
    {
      config: crossSiteRead,
      schema: { tags, security, summary: '个人销售业绩（主管可看成员）', body: PersonFiguresBody, response: { 200: Envelope(PersonFigures) } },
    },
    async (request) => ok(await app.performance.person(salesScope(request), request.body.staffId, request.body)),
  );

  app.post(
    '/performance/site',
    {
      config: crossSiteRead,
      schema: { tags, security, summary: '部门销售业绩（合计、趋势、成员）', body: SiteFiguresBody, response: { 200: Envelope(SiteFigures) } },
    },
    async (request) => ok(await app.performance.site(salesScope(request), request.body, request.body.sort, request.body.order)),
  );

  app.post(
    '/performance/details',
    {
      config: crossSiteRead,
      schema: { tags, security, summary: '部门销售明细（按天或按订单）', body: SalesDetailsBody, response: { 200: Envelope(SalesDetails) } },
    },
    async (request) => ok(await app.performance.details(salesScope(request), request.body)),
  );

  app.post(
    '/performance/ranking',
    { config: crossSiteRead, schema: { tags, security, summary: '员工业绩排行', body: RankingBody, response: { 200: Envelope(Ranking) } } },
    async (request) => ok(await app.performance.ranking(salesScope(request), request.body, request.body.metric)),
  );

  app.post(
    '/performance/home',
    { config: crossSiteRead, schema: { tags, security, summary: '首页看板', body: HomeBody, response: { 200: Envelope(HomeDashboard) } } },
    async (request) => ok(await app.performanceHome.home(salesScope(request))),
  );

  app.post(
    '/performance/search',
    {
      config: crossSiteRead,
      schema: { tags, security, summary: '搜索业务员和客户的业绩', body: PerformanceSearchBody, response: { 200: Envelope(PerformanceSearchResult) } },
    },
    async (request) => ok(await app.performanceSearch.search(salesScope(request), request.body.keyword, request.body)),
  );

  app.post(
    '/performance/standard',
    { config: crossSiteRead, schema: { tags, security, summary: '业绩标准（某月）', body: StandardsBody, response: { 200: Envelope(Standards) } } },
    async (request) => ok(await app.standards.get(salesScope(request), request.body.month)),
  );

  app.post(
    '/performance/standard/update',
    { schema: { tags, security, summary: '修改业绩标准（本站点主管）', body: StandardUpdateBody, response: { 200: Envelope(Standards) } } },
    async (request) => ok(await app.standards.update(salesScope(request), request.body, clientOf(request))),
  );

  app.post(
    '/performance/standard/history',
    {
      config: crossSiteRead,
      schema: { tags, security, summary: '业绩标准修改记录', body: StandardHistoryBody, response: { 200: Envelope(StandardHistory) } },
    },
    async (request) =>
      ok(await app.standards.history(salesScope(request), request.body.month, request.body.page, request.body.pageSize)),
  );
};

export default performanceRoutes;
