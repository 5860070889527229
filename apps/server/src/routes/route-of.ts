import { endpointOf, type EndpointOf, type EndpointPath, Envelope, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_HOURS } from '@sales/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import Type from 'typebox';

/** What a route adds to its table entry: OpenAPI grouping and wording, and its own extra answers. */
type RouteDocs = Omit<FastifySchema, 'body' | 'querystring' | 'params'> & { tags: string[]; summary: string };

type Field<E, K extends string> = E extends { [key in K]: infer S } ? S : undefined;
type ResponseOf<E> = E extends { response: infer S extends Type.TSchema } ? { 200: ReturnType<typeof Envelope<S>> } : unknown;

/**
 * The optional Idempotency-Key header of an `idempotent` endpoint (a field create call), as the
 * OpenAPI document shows it. Header names are matched case-insensitively (Node lower-cases them).
 */
export const IdempotencyHeaders = Type.Object({
  [IDEMPOTENCY_HEADER.toLowerCase()]: Type.Optional(
    Type.String({
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description: `${IDEMPOTENCY_HEADER}：点提交时生成的 UUID。服务器按用户保存该键与首次结果 ${IDEMPOTENCY_TTL_HOURS} 小时：同一键重复提交返回首次结果、不再写入；同一键但内容不同返回 409；不是 UUID 返回 400。不带此头则照常处理。`,
      examples: ['3f0c8a52-6f1e-4b7a-9d2c-5e8b1a4c7d90'],
    }),
  ),
});

/**
 * A route's method, URL (inside the plugin's prefix) and schemas, taken from the contract's
 * endpoint table: body, querystring and params as the table has them, the response in the
 * envelope, and the table's name as the OpenAPI operationId. A route cannot drift from the
 * contract; a file endpoint gives its own 200 answer in `docs.response`; an `idempotent` endpoint
 * documents (and validates) its Idempotency-Key header.
 */
export function routeOf<P extends EndpointPath, D extends RouteDocs>(app: FastifyInstance, path: P, docs: D) {
  const entry: EndpointOf<P> & { body?: Type.TSchema; query?: Type.TSchema; params?: Type.TSchema; response?: Type.TSchema; idempotent?: true } = endpointOf(path);
  const fullPath: string = entry.path;
  if (!fullPath.startsWith(app.prefix)) throw new Error(`${entry.name} (${fullPath}) is not under ${app.prefix}`);
  const schema = {
    ...docs,
    operationId: entry.name,
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.idempotent ? { headers: IdempotencyHeaders } : {}),
    response: { ...(entry.response ? { 200: Envelope(entry.response) } : {}), ...(docs.response as object | undefined) },
  };
  return {
    method: entry.method,
    url: fullPath.slice(app.prefix.length) || '/',
    schema: schema as unknown as D & {
      operationId: EndpointOf<P>['name'];
      body: Field<EndpointOf<P>, 'body'>;
      querystring: Field<EndpointOf<P>, 'query'>;
      params: Field<EndpointOf<P>, 'params'>;
      response: ResponseOf<EndpointOf<P>> & (D extends { response: infer X } ? X : unknown);
    },
  };
}
