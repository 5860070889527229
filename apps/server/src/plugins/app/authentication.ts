import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.js';
import type { SessionUser } from './accounts.js';

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

export default fp(
  async (app) => {
    app.decorateRequest('sessionUser', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readToken(request.headers.authorization);
      const user = token ? await app.accounts.authenticate(token) : null;
      if (!user) throw unauthorized();
      request.sessionUser = user;
    });
  },
  { name: 'authentication', dependencies: ['accounts'] },
);
