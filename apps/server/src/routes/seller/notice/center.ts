import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { routeOf } from '../../route-of.js';

const tags = ['notice'];
const security = [{ token: [] }];

/** 消息中心: the caller's own notices, their unread count and marking them read. */
const noticeCenterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.noticeList, { tags, security, summary: '我的消息（最新在前，分页），附未读数' }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await app.notices.list(currentUser(request).id, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.noticeRead, { tags, security, summary: '标为已读：一条（id）或全部（all: true）；他人的消息答 404，不作任何修改' }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await app.notices.read(currentUser(request).id, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.noticeUnread, { tags, security, summary: '我的未读消息数' }),
    onRequest: app.authenticate,
    handler: async (request) => ok({ unread: await app.notices.unread(currentUser(request).id) }),
  });
};

export default noticeCenterRoutes;
