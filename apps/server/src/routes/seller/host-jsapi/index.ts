import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { AppError } from '../../../lib/errors.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { JsapiSigner } from '../../../plugins/app/host-apps/jsapi-signer.js';
import { routeOf } from '../../route-of.js';

const tags = ['user'];
const security = [{ token: [] }];

/**
 * 企业微信 / 钉钉 JS-API configuration for the signed-in user's page: the host app's JS SDK
 * (ww.register, dd.config) needs it before 扫一扫 and 定位 go through the host.
 */
const hostJsapiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signer = new JsapiSigner(app.hostApps, app.config.noticeChannels.publicUrl);

  app.route({
    ...routeOf(app, ROUTES.hostJsapiConfig, {
      tags,
      security,
      summary: '企业微信 / 钉钉 JS-API 配置：为本应用的页面地址签名（ww.register、dd.config），供在宿主应用内扫一扫与定位；未开通该宿主应用时 400',
    }),
    onRequest: app.authenticate,
    handler: async (request) => {
      currentUser(request);
      const url = signer.pageToSign(request.body.url, `${request.protocol}://${request.host}`);
      try {
        return ok(await signer.config(request.body.host, url));
      } catch (error) {
        // The provider's failure, by call and errcode only (never a token, ticket or secret).
        if (error instanceof AppError && error.cause instanceof Error) request.log.warn({ host: request.body.host, error: error.cause.message }, 'host JS-API ticket unavailable');
        throw error;
      }
    },
  });
};

export default hostJsapiRoutes;
