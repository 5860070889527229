import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { login, multipartBody, PHONES, PNG_1X1, testConfig, useTestServer } from './helper.js';

/**
 * Every kind of answer carries the security headers: API successes and failures, 404s of the API
 * and of the web app, a 500, static files and index.html, the OpenAPI pages, an uploaded image, a
 * CSV export and a PDF — in production (with HSTS) and outside it (without).
 */
const server = useTestServer();
const WEB_DIST_FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>销售助手</title><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>',
  'assets/index-abc123.js': 'console.log(1)',
  'assets/index-abc123.css': 'body{margin:0}',
  // The build's inline scripts, by hash (apps/web/scripts/prerender-login-plugin.ts); a malformed entry is ignored.
  'inline-scripts.json': JSON.stringify({ scriptHashes: ["'sha256-AbC123+/xyz='", "'unsafe-inline'"] }),
};

/** A hashed asset keeps what a script or a style needs; the headers that only mean something on a document go. */
function expectAssetHeaders(what: string, headers: Record<string, unknown>, production: boolean): void {
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
  expect(String(headers['cache-control']), `${what}: immutable`).toContain('immutable');
  for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'etag', 'last-modified']) {
    expect(headers[header], `${what}: no ${header}`).toBeUndefined();
  }
  if (production) expect(String(headers['strict-transport-security']), `${what}: HSTS`).toMatch(/max-age=\d{7,}/);
}

function expectHeaders(what: string, headers: Record<string, unknown>, production: boolean): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).not.toBe('');
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
  expect(String(headers['permissions-policy']), `${what}: Permissions-Policy`).toContain('microphone=()');
  if (production) expect(String(headers['strict-transport-security']), `${what}: HSTS`).toMatch(/max-age=\d{7,}/);
  else expect(headers['strict-transport-security'], `${what}: no HSTS outside production`).toBeUndefined();
}

for (const production of [false, true]) {
  describe(`security headers on every kind of answer (${production ? 'production' : 'development'})`, () => {
    let app: FastifyInstance;
    let token = '';
    let leaderToken = '';
    let imageUrl = '';

    beforeAll(async () => {
      const webDist = path.join(server.dataDir, 'web-dist');
      for (const [file, text] of Object.entries(WEB_DIST_FILES)) {
        await fs.mkdir(path.dirname(path.join(webDist, file)), { recursive: true });
        await fs.writeFile(path.join(webDist, file), text);
      }
      app = await buildApp({ config: testConfig(server.dataDir, { webDist, production, databaseUrl: server.config.databaseUrl }), database: server.database, logger: false });
      app.get('/seller/test/throw', async () => {
        throw new Error('boom');
      });
      await app.ready();
      token = (await login(app, PHONES.zhangWei)).token;
      leaderToken = (await login(app, PHONES.liNa)).token;
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
      const uploaded = await app.inject({ method: 'POST', url: '/seller/upload/img', payload, headers: { ...headers, authorization: token } });
      imageUrl = (JSON.parse(uploaded.body) as { data: { url: string } }).data.url;
    });

    afterAll(async () => {
      await app.close();
    });

    it('sends them on API answers, failures, 404s and 500s', async () => {
      const samples: [string, 'GET' | 'POST', string, Record<string, string>, unknown][] = [
        ['version', 'GET', '/seller/version', {}, undefined],
        ['health', 'GET', '/healthz', {}, undefined],
        ['user info', 'POST', '/seller/user/info', { authorization: token }, {}],
        ['401', 'POST', '/seller/user/info', {}, {}],
        ['400', 'POST', '/seller/user/v2/login', {}, { phone: 'x' }],
        ['unknown API 404', 'GET', '/seller/nothing/here', {}, undefined],
        ['unknown API POST 404', 'POST', '/seller/nothing/here', {}, {}],
        ['customer list', 'POST', '/seller/fenghe/staff/customer/list', { authorization: token }, { siteId: 101 }],
        ['403', 'POST', '/seller/fenghe/staff/customer/list', { authorization: token }, { siteId: 201 }],
        ['500', 'GET', '/seller/test/throw', {}, undefined],
      ];
      for (const [what, method, url, headers, body] of samples) {
        const response = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
        expectHeaders(`${what} (${response.statusCode})`, response.headers, production);
      }
    });

    it('sends them on index.html, a missing asset and a client-side route; hashed assets keep only theirs', async () => {
      for (const url of ['/', '/assets/missing-000.js', '/pages/my/index', '/favicon-missing.ico']) {
        const response = await app.inject({ method: 'GET', url });
        expectHeaders(`${url} (${response.statusCode})`, response.headers, production);
      }
      for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expectAssetHeaders(url, response.headers, production);
      }
    });

    it("allows the build's inline scripts by their hash, and nothing else inline", async () => {
      const response = await app.inject({ method: 'GET', url: '/' });
      const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
      expect(scriptSrc.split(' ')).toEqual(["'self'", "'sha256-AbC123+/xyz='"]);
      // A new build served by the running server: its hashes, not the old ones.
      const file = path.join(server.dataDir, 'web-dist', 'inline-scripts.json');
      await fs.writeFile(file, JSON.stringify({ scriptHashes: ["'sha256-NewBuild='"] }));
      const later = new Date(Date.now() + 60_000);
      await fs.utimes(file, later, later);
      const again = await app.inject({ method: 'GET', url: '/' });
      expect(/script-src ([^;]*)/.exec(String(again.headers['content-security-policy']))?.[1]).toBe("'self' 'sha256-NewBuild='");
      await fs.writeFile(file, WEB_DIST_FILES['inline-scripts.json'] ?? '');
    });

    it('sends them on the OpenAPI pages and document', async () => {
      for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
        const response = await app.inject({ method: 'GET', url });
        expectHeaders(`${url} (${response.statusCode})`, response.headers, production);
      }
    });

    it('sends them on an uploaded image, a CSV export and a PDF', async () => {
      const image = await app.inject({ method: 'GET', url: imageUrl });
      expect(image.statusCode).toBe(200);
      expectHeaders('uploaded image', image.headers, production);
      const csv = await app.inject({ method: 'GET', url: '/seller/fenghe/staff/customer/export?siteId=101', headers: { authorization: leaderToken } });
      expect(csv.statusCode).toBe(200);
      expectHeaders('CSV export', csv.headers, production);
      const pdf = await app.inject({ method: 'GET', url: '/seller/weekly/staff/team/pdf?siteId=101', headers: { authorization: leaderToken } });
      expectHeaders(`team PDF (${pdf.statusCode})`, pdf.headers, production);
    });
  });
}

describe('no inline script in the web app', () => {
  // The build adds its own two, allowed by hash (the test above); the source has none.
  it('index.html loads its scripts from files only', async () => {
    const html = await fs.readFile(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(content?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
