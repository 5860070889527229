import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { routeOf } from '../../route-of.js';

const tags = ['notice'];
const security = [{ token: [] }];

/** 设置 → 消息通知: the caller's notice kinds and channels, and this browser's Web Push subscription. */
const noticeChannelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.noticeSettings, { tags, security, summary: '消息通知设置：各类消息的开关与可用的送达渠道（企业微信、短信、Web Push）' }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await app.noticeSettings.settings(currentUser(request).id)),
  });

  app.route({
    ...routeOf(app, ROUTES.noticeSettingsUpdate, { tags, security, summary: '开启或关闭一类消息（关闭后不再创建该类消息，也不再送达）' }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await app.noticeSettings.setKind(currentUser(request).id, request.body.noticeKind, request.body.enabled)),
  });

  app.route({
    ...routeOf(app, ROUTES.noticePushKey, { tags, security, summary: 'Web Push 的 VAPID 公钥；服务器未开启推送时为 null' }),
    onRequest: app.authenticate,
    handler: async () => ok({ publicKey: app.noticeChannels.webPushKey }),
  });

  app.route({
    ...routeOf(app, ROUTES.noticePushSubscribe, { tags, security, summary: '为当前用户订阅本浏览器的推送（PushSubscription.toJSON()）' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await app.noticeSettings.subscribe(currentUser(request).id, request.body, request.headers['user-agent']);
      return ok(null);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.noticePushUnsubscribe, { tags, security, summary: '取消当前用户在本浏览器的推送订阅' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await app.noticeSettings.unsubscribe(currentUser(request).id, request.body.endpoint);
      return ok(null);
    },
  });
};

export default noticeChannelRoutes;
