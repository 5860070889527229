import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, FollowUp, FollowUpCreateBody, FollowUpListBody, FollowUpPage } from '@sales/contract';
import { ok } from '../../../lib/reply.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['follow-ups'];
const security = [{ token: [] }];

/** 跟进记录 of a customer: read by those who see the customer, written by its owner and the leaders. */
const followUpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/followup/list',
    { schema: { tags, security, summary: '客户的跟进记录', body: FollowUpListBody, response: { 200: Envelope(FollowUpPage) } } },
    async (request) => ok(await app.followUps.list(salesScope(request), request.body)),
  );

  app.post(
    '/followup/create',
    { schema: { tags, security, summary: '新增跟进记录', body: FollowUpCreateBody, response: { 200: Envelope(FollowUp) } } },
    async (request) => ok(await app.followUps.create(salesScope(request), currentUser(request).username, request.body)),
  );
};

export default followUpRoutes;
