import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../../lib/errors.js';
import type { SessionUser } from '../account/account-shared.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes that need a logged-in user. */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The token from the Authorization header, with or without a Bearer prefix. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/** The logged-in user of a request that went through the authenticate hook. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** What a user whose password a leader reset may still call: set the new password, or leave. */
const ALLOWED_BEFORE_NEW_PASSWORD = new Set(['/seller/user/info', '/seller/user/password/update', '/seller/user/logout']);
export const NEW_PASSWORD_REQUIRED = '密码已被重置，请先设置新密码';

export default fp(
  async (app) => {
    app.decorateRequest('sessionUser', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readToken(request.headers.authorization);
      const user = token ? await app.accounts.authenticate(token) : null;
      if (!user) throw unauthorized();
      if (user.mustChangePassword && !ALLOWED_BEFORE_NEW_PASSWORD.has(request.routeOptions.url ?? '')) throw forbidden(NEW_PASSWORD_REQUIRED);
      request.sessionUser = user;
    });
  },
  { name: 'authentication', dependencies: ['accounts'] },
);
