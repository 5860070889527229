import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@sales/contract';
import fp from 'fastify-plugin';

/** The OpenAPI document of every route, browsable at /docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: '销售助手 API', description: '销售助手 (Sales Assistant) backend', version: APP_VERSION },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'header', name: 'Authorization' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          },
        },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // swagger-ui's own policy replaces the app's on its pages: keep its script rules, refuse framing
      // like every other answer, and load nothing from other hosts.
      transformStaticCSP: (header) =>
        header
          .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace("font-src 'self' https: data:", "font-src 'self' data:")
          .replace(' validator.swagger.io', ''),
    });
  },
  { name: 'docs', dependencies: ['security'] },
);
