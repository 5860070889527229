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
      transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'docs', dependencies: ['security'] },
);
