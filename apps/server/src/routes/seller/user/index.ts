import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import { badRequest, forbidden, unauthorized } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';
import { requireMobile } from '../../../plugins/app/account/account-shared.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { currentUser, readToken } from '../../../plugins/app/auth/authentication.js';

const tags = ['user'];
const security = [{ token: [] }];

/** Accounts and sessions: codes, login, user info, logout. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.userSendCode, { tags, summary: '发送验证码到指定手机号（登录、绑定新手机号）' }),
    handler: async (request) => {
      // The address limit comes first, so nobody learns which phones have an account beyond it.
      await app.accounts.limitCodeRequests(clientOf(request));
      const phone = requireMobile(request.body.phone);
      const scene = request.body.scene ?? 'login';
      if (scene === 'login') {
        await app.accounts.ensureCanReceiveLoginCode(phone);
      } else {
        // A new phone's code is part of a phone change: the user's session and its changePhone ticket.
        const token = readToken(request.headers.authorization);
        const user = token ? await app.accounts.authenticate(token) : null;
        if (!user) throw unauthorized();
        await app.accounts.ensureChangePhoneTicket(user, request.body.ticket);
        if (phone === user.phone) throw badRequest('新手机号不能与当前手机号相同');
        await app.accounts.ensurePhoneFree(phone);
      }
      return ok(await app.accounts.sendCode(phone, scene));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userSendOwnCode, { tags, security, summary: '发送验证码到当前用户的手机号' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = currentUser(request);
      await app.accounts.limitCodeRequests(clientOf(request));
      return ok(await app.accounts.sendCode(user.phone, request.body.scene));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userLogin, { tags, summary: '密码或验证码登录' }),
    handler: async (request) => {
      const phone = requireMobile(request.body.phone);
      const { password, code } = request.body;
      if (code !== undefined && code !== '') {
        return ok(await app.accounts.loginWithCode(phone, code.trim(), clientOf(request)));
      }
      if (!password) throw badRequest('请输入密码');
      return ok(await app.accounts.loginWithPassword(phone, password, clientOf(request)));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userHostProviders, { tags, summary: '可用的企业微信、钉钉登录（仅已完整配置的）' }),
    handler: async () => ok(app.hostLogin.providers()),
  });

  app.route({
    ...routeOf(app, ROUTES.userHostLoginStart, { tags, summary: '开始企业微信/钉钉登录：一次性 state（10分钟）与授权或扫码页地址' }),
    handler: async (request) => ok(await app.hostLogin.start(request.body, `${request.protocol}://${request.host}`)),
  });

  app.route({
    ...routeOf(app, ROUTES.userHostLogin, { tags, summary: '企业微信/钉钉授权码登录（授权码 + state + 本浏览器的登录凭证）' }),
    handler: async (request) => ok(await app.hostLogin.finish(request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.userInfo, { tags, security, summary: '当前用户信息（岗位、站点与权限）' }),
    onRequest: app.authenticate,
    // The body is optional, but Fastify validates a missing body as `undefined` against the object schema.
      preValidation: async (request) => {
        request.body ??= {};
      },
    handler: async (request) => {
      const user = currentUser(request);
      const asked = request.body?.id;
      if (asked !== undefined && asked !== '' && Number(asked) !== user.id) throw forbidden('无权查看其他用户的信息');
      return ok(await app.accounts.userInfo(user.id));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userLogout, { tags, security, summary: '退出登录，结束当前会话' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await app.accounts.logout(currentUser(request).sessionId);
      return ok(null);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userCheckCode, { tags, security, summary: '校验发送到本人手机的验证码，换取该流程下一步的一次性凭证（10分钟）' }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await app.accounts.check(currentUser(request), request.body.scene, request.body.code.trim(), clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.userResetPhone, { tags, security, summary: '更换手机号（凭证 + 新手机号验证码），其他会话全部结束' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const phone = requireMobile(request.body.phone);
      const result = await app.accounts.changePhone(currentUser(request), request.body.ticket, phone, request.body.code.trim(), clientOf(request));
      return ok(result.accountInfo);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userUpdatePassword, { tags, security, summary: '修改密码（原密码或验证码凭证），其他会话全部结束' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await app.accounts.updatePassword(currentUser(request), request.body, clientOf(request));
      return ok(null);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.userResetStaffPassword, { tags, security, summary: '主管重置本站点成员的密码（短信下发临时密码，下次登录须设置新密码）' }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await app.accounts.resetStaffPassword(currentUser(request), request.body.staffId, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.userDelete, { tags, security, summary: '注销账号（凭注销验证码的凭证）' }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await app.accounts.deleteAccount(currentUser(request), request.body.ticket, clientOf(request));
      return ok(null);
    },
  });
};

export default userRoutes;
