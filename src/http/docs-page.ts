import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * GET /api/v1/docs: Swagger UI over the same OpenAPI document as /api/v1/openapi.json, served from
 * the package (no CDN), public like the document itself.
 */
export async function docsPage(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), auth: 'public', web: true };
  });
  await app.register(swaggerUi, {
    routePrefix: '/',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
  });
}
