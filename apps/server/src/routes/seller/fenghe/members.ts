import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, MemberDetail, MemberDetailBody, MemberList, MemberListBody } from '@sales/contract';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales.js';

const tags = ['members'];
const security = [{ token: [] }];

/** The members of a site (departmentMemberPage) and a member's page (departmentMembersDetails). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/member/list',
    {
      config: { scope: 'performanceRead' },
      schema: { tags, security, summary: '部门成员（角色、电话、客户数、本月业绩）', body: MemberListBody, response: { 200: Envelope(MemberList) } },
    },
    async (request) => ok(await app.performance.memberList(salesScope(request), request.body.keyword)),
  );

  app.post(
    '/member/detail',
    { schema: { tags, security, summary: '部门成员详情', body: MemberDetailBody, response: { 200: Envelope(MemberDetail) } } },
    async (request) => ok(await app.performance.memberDetail(salesScope(request), request.body.id, request.body)),
  );
};

export default memberRoutes;
