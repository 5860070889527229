import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import { MEMBER_RECENT_ORDERS, MEMBER_RECENT_REPORTS, type ReportSummary } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['members'];
const security = [{ token: [] }];

/** Weekly and half-month reports together: the latest period first, a half month before a week starting the same day. */
const byNewestPeriod = (a: ReportSummary, b: ReportSummary) =>
  b.periodStart.localeCompare(a.periodStart) || b.periodEnd.localeCompare(a.periodEnd) || b.id - a.id;

/** The members of a site (departmentMemberPage) and a member's page (departmentMembersDetails). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.memberList, { tags, security, summary: '部门成员（角色、电话、客户数、本月业绩）' }),
    config: { scope: 'performanceRead' },
    handler: async (request) => ok(await app.members.memberList(salesScope(request), request.body.keyword)),
  });

  app.route({
    ...routeOf(app, ROUTES.memberDetail, { tags, security, summary: '部门成员详情（含最近订单和最近周报、半月报）' }),
    handler: async (request) => {
      const scope = salesScope(request);
      const { id } = request.body;
      // 404 first for a member the caller may not open; only then the orders and reports.
      const detail = await app.members.memberDetail(scope, id, request.body);
      // The reports follow the report rules (sales-authorization.ts) of the caller at this site.
      const reportScope = await app.resolveReportScope(request, scope.siteId);
      const [recentOrders, weekly, halfMonth] = await Promise.all([
        app.orders.latestOf(scope, id, MEMBER_RECENT_ORDERS),
        app.weeklyReports.latestOf(reportScope, id, MEMBER_RECENT_REPORTS),
        app.halfMonthReports.latestOf(reportScope, id, MEMBER_RECENT_REPORTS),
      ]);
      return ok({ ...detail, recentOrders, recentReports: [...weekly, ...halfMonth].sort(byNewestPeriod) });
    },
  });
};

export default memberRoutes;
