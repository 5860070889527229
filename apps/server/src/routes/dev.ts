import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevNotices, DevNoticesQuery, DevPoolRulesBody, DevSmsQuery, DevSmsResult, Envelope } from '@sales/contract';
import Type from 'typebox';
import { notFound } from '../lib/errors.js';
import { ok } from '../lib/reply.js';
import { latestNoticesOf } from '../plugins/app/notices/dev-notices.js';
import { setOwnPoolCaps } from '../plugins/app/pool/dev-pool-rules.js';

/** Development helpers; registered only while the console SMS provider is active outside production. */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sms/latest',
    { schema: { tags: ['dev'], summary: '最近一条发给该手机号的验证码（仅开发环境）', querystring: DevSmsQuery, response: { 200: Envelope(DevSmsResult) } } },
    async (request) => {
      const row = await app.smsOutbox.latestCode(request.query.phone);
      if (!row) throw notFound('该手机号没有验证码短信');
      return ok({ phone: row.phone, code: row.code, scene: row.scene, createdAt: row.createdAt.toISOString() });
    },
  );

  app.get(
    '/notices',
    { schema: { tags: ['dev'], summary: '该手机号用户最近的消息（仅开发环境，供 e2e 检查）', querystring: DevNoticesQuery, response: { 200: Envelope(DevNotices) } } },
    async (request) => ok(await latestNoticesOf(app.db, request.query.phone, request.query.kind)),
  );

  app.post(
    '/pool-rules',
    {
      schema: {
        tags: ['dev'],
        summary: '设置站点自己的公海领取限制（仅开发环境，供 e2e 使用；全部为 null 则删除）',
        body: DevPoolRulesBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await setOwnPoolCaps(app.db, request.body);
      await app.sessionCache.invalidate({ poolRules: true });
      return ok(null);
    },
  );
};

export default devRoutes;
