import { endpointOf, type EndpointOf, type EndpointPath, Envelope } from '@sales/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type Type from 'typebox';

/** What a route adds to its table entry: OpenAPI grouping and wording, and its own extra answers. */
type RouteDocs = Omit<FastifySchema, 'body' | 'querystring' | 'params'> & { tags: string[]; summary: string };

type Field<E, K extends string> = E extends { [key in K]: infer S } ? S : undefined;
type ResponseOf<E> = E extends { response: infer S extends Type.TSchema } ? { 200: ReturnType<typeof Envelope<S>> } : unknown;

/**
 * A route's method, URL (inside the plugin's prefix) and schemas, taken from the contract's
 * endpoint table: body, querystring and params as the table has them, the response in the
 * envelope, and the table's name as the OpenAPI operationId. A route cannot drift from the
 * contract; a file endpoint gives its own 200 answer in `docs.response`.
 */
export function routeOf<P extends EndpointPath, D extends RouteDocs>(app: FastifyInstance, path: P, docs: D) {
  const entry: EndpointOf<P> & { body?: Type.TSchema; query?: Type.TSchema; params?: Type.TSchema; response?: Type.TSchema } = endpointOf(path);
  const fullPath: string = entry.path;
  if (!fullPath.startsWith(app.prefix)) throw new Error(`${entry.name} (${fullPath}) is not under ${app.prefix}`);
  const schema = {
    ...docs,
    operationId: entry.name,
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.params ? { params: entry.params } : {}),
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
