import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevSmsQuery, DevSmsResult, Envelope } from '@sales/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { smsOutbox } from '../db/schema.js';
import { notFound } from '../lib/errors.js';
import { ok } from '../lib/reply.js';

/** Development helpers; registered only while the console SMS provider is active outside production. */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sms/latest',
    { schema: { tags: ['dev'], summary: '最近一条发给该手机号的验证码（仅开发环境）', querystring: DevSmsQuery, response: { 200: Envelope(DevSmsResult) } } },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, request.query.phone), isNotNull(smsOutbox.code)))
        .orderBy(desc(smsOutbox.id))
        .limit(1);
      if (!row?.code) throw notFound('该手机号没有验证码短信');
      return ok({ phone: row.phone, code: row.code, scene: row.scene, createdAt: row.createdAt.toISOString() });
    },
  );
};

export default devRoutes;
