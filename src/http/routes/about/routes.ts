import type { Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentAbout } from './present.js';
import { aboutSchema, openApiSchema } from './schema.js';

/** Public: the attribution the content licence asks clients to show, and the OpenAPI document. */
export function aboutRoutes(urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/about', { schema: aboutSchema, config: { auth: 'public' } }, async () => presentAbout(urls));
    app.get('/openapi.json', { schema: openApiSchema, config: { auth: 'public' } }, async () => app.swagger());
  };
}
