import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Headers that only mean something on a document (or a worker's script): a hashed script, style
 * or image of /assets/ goes without them. A first load fetches a dozen such files, and these
 * headers were ~800 of the ~1,100 bytes each file cost on the wire besides its body. Kept on
 * every asset: its type, `nosniff`, the cross-origin resource policy, caching and encoding.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  // Immutable files are never revalidated.
  'etag',
  'last-modified',
  'accept-ranges',
];
/** A script that runs as a worker takes its policy from its own response: it keeps every header. */
const isAssetOutsideWorker = (url: string) => (url.startsWith('/assets/') || url.startsWith('/admin/assets/')) && !/worker/i.test(url);

/** The service worker script of the web build (vite-plugin-pwa), served from the app's root. */
export const SERVICE_WORKER_FILE = 'sw.js';

/** The app's icon in the web build (apps/web/public). */
const FAVICON_FILE = 'favicon.svg';
const ONE_DAY = 24 * 60 * 60;

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the service worker
 * never cached. The build writes brotli and gzip siblings of every text file (`.br`, `.gz`), sent
 * by the client's Accept-Encoding with `Vary: Accept-Encoding`, so nothing static is compressed
 * per request.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app is not built; run `npm run build` to serve it');
      return;
    }
    // The admin console (apps/admin) at /admin/: a separate build, so none of it is on the phone's first load.
    const adminRoot = app.config.adminDist;
    if (fs.existsSync(path.join(adminRoot, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: adminRoot,
        prefix: '/admin/',
        decorateReply: false,
        wildcard: true,
        index: ['index.html'],
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const relative = path.relative(adminRoot, filePath).replace(/\.(br|gz)$/, '');
          reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache');
        },
      });
      app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
    } else {
      app.log.warn({ root: adminRoot }, 'admin console is not built; run `npm run build` to serve it at /admin/');
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // The file sent may be a precompressed sibling: judge it by the file it stands for.
        const relative = path.relative(root, filePath).replace(/\.(br|gz)$/, '');
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', `public, max-age=${ONE_YEAR}, immutable`);
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
        if (relative === SERVICE_WORKER_FILE) reply.header('Service-Worker-Allowed', '/');
      },
    });
    // A browser asks for /favicon.ico wherever a document names no icon (an export opened on its
    // own, a JSON answer, the health check): the app's icon, rather than a 404 in every such log.
    if (fs.existsSync(path.join(root, FAVICON_FILE))) {
      app.get('/favicon.ico', (_request, reply) => reply.header('Cache-Control', `public, max-age=${ONE_DAY}`).redirect(`/${FAVICON_FILE}`, 301));
    }
    app.addHook('onSend', async (request, reply) => {
      if (!isAssetOutsideWorker(request.url) || reply.statusCode !== 200) return;
      for (const header of DOCUMENT_ONLY_HEADERS) {
        reply.removeHeader(header);
        reply.raw.removeHeader(header);
      }
    });
  },
  { name: 'web', dependencies: ['db', 'security'] },
);
