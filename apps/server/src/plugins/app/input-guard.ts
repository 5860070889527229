/**
 * One check of every request's body, query and path parameters for what no schema keyword
 * catches and the database refuses: strings with a NUL byte or a lone surrogate (PostgreSQL text
 * cannot hold U+0000, and a lone surrogate is not UTF-8), and numbers that are not finite (JSON
 * parses 1e309 in a body to Infinity, and Ajv coerces "1e309" in a query string or path to it;
 * minimum/maximum only test finite numbers).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../lib/errors.js';

export const INVALID_CHARACTERS = '请求内容包含无效字符';
export const NUMBER_OUT_OF_RANGE = '数值超出范围';

/** A UTF-16 surrogate not part of a pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const badText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The first unacceptable leaf of a parsed value (keys included), or null. Iterative: nesting depth is the client's. */
export function inputProblem(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (badText(item)) return INVALID_CHARACTERS;
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return NUMBER_OUT_OF_RANGE;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (badText(key)) return INVALID_CHARACTERS;
        pending.push(child);
      }
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const problem = inputProblem(part);
    if (problem) throw badRequest(problem);
  }
}

export default fp(
  async (app: FastifyInstance) => {
    // Before the schemas, so a NUL gets its own message; again after them, for what coercion made.
    app.addHook('preValidation', async (request) => check(request));
    app.addHook('preHandler', async (request) => check(request));
  },
  { name: 'input-guard' },
);
