import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { CONTENT_ATTRIBUTION } from '../../../content/attribution.js';
import { report, type Urls } from '../../envelopes.js';
import { COMPAT_REVISION } from '../../plugins/headers.js';
import { ReportSchema } from '../../schemas.js';

const aboutSchema = {
  tags: ['meta'],
  summary: 'Service facts and the content attribution clients must show',
  security: [],
  response: {
    200: ReportSchema(
      Type.Object({
        service: Type.String(),
        compat_revision: Type.String(),
        content: Type.Object({}, { additionalProperties: true }),
      }),
    ),
  },
};

/** Public: the attribution the content licence asks clients to show, and the OpenAPI document. */
export function aboutRoutes(urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/about', { schema: aboutSchema, config: { auth: 'public' } }, async () =>
      report(urls, '/about', 'report', null, { service: 'study-service', compat_revision: COMPAT_REVISION, content: CONTENT_ATTRIBUTION }),
    );
    app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
  };
}
