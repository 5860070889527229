/**
 * The routes of a built app as its OpenAPI document (/docs/json) describes them, with the JSON
 * schemas of their body, query, path parameters and headers — so a route added later is fuzzed
 * and checked without anyone listing it here.
 */
import type { FastifyInstance } from 'fastify';

/** The JSON schema keywords the contract uses (TypeBox output as @fastify/swagger prints it). */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  default?: unknown;
}

export interface RouteParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface DocumentedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with `{name}` for a path parameter. */
  path: string;
  body: JsonSchema | undefined;
  query: RouteParameter[];
  params: RouteParameter[];
  headers: RouteParameter[];
  /** Declares a security scheme (a session token or an API key). */
  secured: boolean;
}

interface OpenApiOperation {
  parameters?: ({ in: 'query' | 'path' | 'header' | 'cookie' } & RouteParameter)[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every route of the app's OpenAPI document with its request schemas. */
export async function documentedRoutes(app: FastifyInstance): Promise<DocumentedRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/docs/json answered ${response.statusCode}`);
  const document = JSON.parse(response.body) as OpenApiDocument;
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const of = (place: 'query' | 'path' | 'header') =>
        parameters.filter((parameter) => parameter.in === place).map(({ name, required, schema }) => ({ name, required: required === true, schema }));
      routes.push({
        method: method.toUpperCase() as DocumentedRoute['method'],
        path,
        body: operation.requestBody?.content?.['application/json']?.schema,
        query: of('query'),
        params: of('path'),
        headers: of('header'),
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  return routes;
}

/** The URL of an OpenAPI path with its parameters filled in (each already URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '');
}

/** `METHOD /path`, the name a route goes by in test output. */
export const routeName = (route: Pick<DocumentedRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;
