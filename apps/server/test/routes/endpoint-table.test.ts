import { ENDPOINTS } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helper.js';

const server = useTestServer();

/** The OpenAPI spelling of a route: `:key` is `{key}`, and no trailing slash. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe('the contract endpoint table', () => {
  it('is what the server registers under /seller: every entry with its method, path and operationId, and nothing else', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as { paths: Record<string, Record<string, { operationId?: string }>> };

    const registered = new Map<string, string | undefined>();
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/seller')) continue;
      for (const [method, operation] of Object.entries(operations)) registered.set(`${method.toUpperCase()} ${openApiPath(path)}`, operation.operationId);
    }
    const table = new Map(ENDPOINTS.map((entry) => [`${entry.method} ${openApiPath(entry.path)}`, entry.name]));

    expect(new Set(ENDPOINTS.map((entry) => entry.name)).size, 'operation names are unique').toBe(ENDPOINTS.length);
    expect([...registered.keys()].sort()).toEqual([...table.keys()].sort());
    for (const [route, name] of table) expect(registered.get(route), route).toBe(name);
  });
});
