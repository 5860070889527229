import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, useTestServer } from '../helper.js';

const server = useTestServer();

const SCRIPT = `console.log(${JSON.stringify('销售助手 '.repeat(400))});`;
const INDEX = `<!doctype html><title>销售助手</title><div id="root">${'<p>壳</p>'.repeat(300)}</div>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';
const WORKER = `self.addEventListener('fetch', () => {});${'/* worker */'.repeat(200)}`;

/** A web build as `npm run build` leaves it: every text file with its .br and .gz sibling. */
async function writeBuild(root: string): Promise<void> {
  await fs.mkdir(path.join(root, 'assets'), { recursive: true });
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/index-abc123.js': SCRIPT, 'sw.js': WORKER, 'favicon.svg': ICON };
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(root, name);
    await fs.writeFile(file, body);
    await fs.writeFile(`${file}.br`, brotliCompressSync(body));
    await fs.writeFile(`${file}.gz`, gzipSync(body));
  }
}

describe('precompressed web build', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const webDist = path.join(server.dataDir, 'web-precompressed');
    await writeBuild(webDist);
    app = await buildTestApp(server.database, testConfig(server.dataDir, { webDist }));
  });

  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli file to a client that accepts br, and says so', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await get('/assets/index-abc123.js', 'identity');
    expect(response.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(response.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year whichever variant is sent', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/index-abc123.js', encoding);
      expect(response.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never caches index.html, precompressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/', encoding);
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-type'], encoding).toMatch(/text\/html/);
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
    }
    const brotli = await get('/', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(INDEX);
  });

  it('serves the service worker uncached, with its scope allowed, and the CSP allows the manifest', async () => {
    const response = await get('/sw.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(String(response.headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('answers /favicon.ico, which browsers ask for unprompted, with the app’s icon instead of a 404', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
    const icon = await get(String(response.headers.location), 'identity');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.body).toBe(ICON);
  });
});
