import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Serves the built web app: hashed assets cached for a year, index.html never cached. */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app is not built; run `npm run build` to serve it');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', `public, max-age=${ONE_YEAR}, immutable`);
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  },
  { name: 'web', dependencies: ['db'] },
);
