import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';

/**
 * The hashes of the web build's inline scripts (dist/inline-scripts.json, written by the build's
 * prerender-login plugin): the only inline scripts the policy allows. Read again when the file
 * changes, so a new build served by a running server is not refused its own scripts.
 */
function inlineScriptHashes(webDist: string): () => string {
  const file = path.join(webDist, 'inline-scripts.json');
  let read: { mtimeMs: number; sources: string } | null = null;
  return () => {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (read?.mtimeMs === mtimeMs) return read.sources;
    let hashes: unknown[] = [];
    try {
      const parsed: unknown = mtimeMs ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
      hashes = typeof parsed === 'object' && parsed !== null && 'scriptHashes' in parsed && Array.isArray(parsed.scriptHashes) ? parsed.scriptHashes : [];
    } catch {
      hashes = [];
    }
    const valid = hashes.filter((hash): hash is string => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash));
    read = { mtimeMs, sources: ["'self'", ...valid].join(' ') };
    return read.sources;
  };
}

/** Security headers on every response, and compression of what is worth compressing. */
export default fp(
  async (app) => {
    const scriptSources = inlineScriptHashes(app.config.webDist);
    // Helmet's middleware, built once. (@fastify/helmet built it again on every request, parsing the
    // policy's directives each time: 6 % of the server's work on a dashboard call.) The script
    // sources are still chosen per request by the directive's function.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          // The hashes matter on the app's documents only: the API's answers (the hot path) and the
          // hashed assets (which web.ts sends without a policy, workers aside, and which hold no
          // inline script) skip the file.
          'script-src': [(request: IncomingMessage) => (/^\/(seller|assets|admin\/assets)\//.test(request.url ?? '') ? "'self'" : scriptSources())],
          // antd-mobile positions popups with inline style attributes.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
          'manifest-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: app.config.production ? { maxAge: 15552000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
    // Camera access is needed by the QR scanner; nothing else is. Helmet 8 has no option for this header.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(self)');
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security', dependencies: ['db'] },
);
