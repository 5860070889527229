import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, LoginBody, LoginResult, SendBody, SendMsgBody, SendResult, UserInfo, UserInfoBody } from '@sales/contract';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { badRequest, forbidden } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';
import { requireMobile, type ClientContext } from '../../../plugins/app/accounts.js';
import { currentUser } from '../../../plugins/app/authentication.js';

const clientOf = (request: FastifyRequest): ClientContext => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const tags = ['user'];
const security = [{ token: [] }];

/** Accounts and sessions: codes, login, user info, logout. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/send/msg',
    { schema: { tags, summary: '发送验证码到指定手机号（登录、绑定新手机号）', body: SendMsgBody, response: { 200: Envelope(SendResult) } } },
    async (request) => {
      const phone = requireMobile(request.body.phone);
      const scene = request.body.scene ?? 'login';
      if (scene === 'login') await app.accounts.ensureCanReceiveLoginCode(phone);
      else await app.accounts.ensurePhoneFree(phone);
      return ok(await app.accounts.sendCode(phone, scene, clientOf(request)));
    },
  );

  app.post(
    '/send',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: '发送验证码到当前用户的手机号', body: SendBody, response: { 200: Envelope(SendResult) } },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await app.accounts.sendCode(user.phone, request.body.scene, clientOf(request)));
    },
  );

  app.post(
    '/v2/login',
    { schema: { tags, summary: '密码或验证码登录', body: LoginBody, response: { 200: Envelope(LoginResult) } } },
    async (request) => {
      const phone = requireMobile(request.body.phone);
      const { password, code } = request.body;
      if (code !== undefined && code !== '') {
        return ok(await app.accounts.loginWithCode(phone, code.trim(), clientOf(request)));
      }
      if (!password) throw badRequest('请输入密码');
      return ok(await app.accounts.loginWithPassword(phone, password, clientOf(request)));
    },
  );

  app.post(
    '/info',
    {
      onRequest: app.authenticate,
      // The body is optional, but Fastify validates a missing body as `undefined` against the object schema.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { tags, security, summary: '当前用户信息（岗位、站点与权限）', body: Type.Optional(UserInfoBody), response: { 200: Envelope(UserInfo) } },
    },
    async (request) => {
      const user = currentUser(request);
      const asked = request.body?.id;
      if (asked !== undefined && asked !== '' && Number(asked) !== user.id) throw forbidden('无权查看其他用户的信息');
      return ok(await app.accounts.userInfo(user.id));
    },
  );

  app.post(
    '/logout',
    { onRequest: app.authenticate, schema: { tags, security, summary: '退出登录，结束当前会话', response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await app.accounts.logout(currentUser(request).sessionId);
      return ok(null);
    },
  );
};

export default userRoutes;
