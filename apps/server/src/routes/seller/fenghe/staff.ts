import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, StaffDetailBody, StaffList, StaffListBody, StaffSummary } from '@sales/contract';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['staff'];
const security = [{ token: [] }];

/** The members of a site with their customers and this month's sales. */
const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/staff/list',
    { schema: { tags, security, summary: '站点成员（客户数、本月业绩）', body: StaffListBody, response: { 200: Envelope(StaffList) } } },
    async (request) => ok(await app.members.staffList(salesScope(request), request.body.keyword)),
  );

  app.post(
    '/staff/detail',
    { schema: { tags, security, summary: '成员详情（业务员只能查看自己）', body: StaffDetailBody, response: { 200: Envelope(StaffSummary) } } },
    async (request) => ok(await app.members.staffDetail(salesScope(request), request.body.id)),
  );
};

export default staffRoutes;
