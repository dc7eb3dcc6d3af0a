import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import './http/context.js';
import { API_PREFIX, COMPAT_PREFIX, Urls, compatBaseUrl } from './http/envelopes.js';
import { checkPresentedCredential, registerAuth } from './http/plugins/auth.js';
import { registerCors } from './http/plugins/cors.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/plugins/errors.js';
import { registerResponseHeaders } from './http/plugins/headers.js';
import { registerIdempotency } from './http/plugins/idempotency.js';
import { registerObservability, requestIdOf } from './http/plugins/observability.js';
import { healthRoutes } from './http/routes/health/routes.js';
import { metricsRoutes } from './http/routes/metrics/routes.js';
import { SERVER_TIMEOUTS } from './http/timeouts.js';
import type { Metrics } from './metrics/index.js';
import { registerInputGuard } from './http/plugins/input-guard.js';
import { registerTransport } from './http/plugins/transport.js';
import { registerBodyWrapper, registerJsonBody } from './http/plugins/json-body.js';
import { apiRoutes } from './http/routes/index.js';
import type { Config } from './config/index.js';
import { docsPage } from './http/docs-page.js';
import { openApiOptions } from './http/openapi.js';
import type { Deps } from './services/deps.js';
import { registerWebApp } from './http/web-app.js';
import { lazySerializers, lazyValidators } from './http/lazy-compilers.js';

export interface AppOptions {
  /** pino logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Prometheus metrics: requests are counted and GET /metrics serves them; none by default. */
  metrics?: Metrics;
  /** The built web app's folder; default `web/dist` of this package. */
  webRoot?: string;
}

const BODY_LIMIT_BYTES = 256 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
function trustProxyOption(setting: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the HTTP application. It never listens and has no side effects beyond the instance. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Bodies are validated as sent: "5" is not an integer and unknown fields are not silently coerced.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    // The serializer picks the branch of a nullable field (`anyOf: [string, null]`) by validating
    // the value against each branch; with formats checked that ran a date-time regular expression
    // on every timestamp of every row (a fifth of a 500-row page's time; bench/README.md). The
    // server writes every timestamp itself (toIso), so the branch is chosen by type alone.
    serializerOpts: { ajv: { validateFormats: false } },
    schemaController: { compilersFactory: { buildValidator: lazyValidators(), buildSerializer: lazySerializers() } },
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed paths fail in the router, and oversized or malformed HTTP in Node, before the error
    // handler: both are answered in the API's vocabulary.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    genReqId: requestIdOf,
    // A stalled client cannot hold a connection (or a shutdown) for long; see http/timeouts.ts.
    connectionTimeout: SERVER_TIMEOUTS.idleMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    // A request arriving on an open connection while the server closes is served (with Connection:
    // close) rather than given Fastify's own 503 body, which is not the API's error shape.
    return503OnClosing: false,
  });
  // Both are read when the server starts listening.
  app.server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  Object.assign(app.server, { connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs });
  const urls = new Urls(deps.config.publicBaseUrl);

  registerErrorHandling(app, (request) => checkPresentedCredential(deps, request));
  registerObservability(app, options.metrics ?? null);
  registerTransport(app);
  registerJsonBody(app);
  registerBodyWrapper(app);
  registerInputGuard(app);
  registerResponseHeaders(app, deps.clock);
  await app.register(cookie);
  await registerCors(app, deps.config.corsCredentialedOrigins);
  registerAuth(app, deps);
  registerIdempotency(app);

  await app.register(swagger, openApiOptions(deps.config));
  await app.register(docsPage, { prefix: `${API_PREFIX}/docs` });

  await app.register(apiRoutes(deps, urls), { prefix: API_PREFIX });
  await app.register(healthRoutes(deps));
  if (options.metrics) await app.register(metricsRoutes(deps, options.metrics));
  // Opt-in: the same handlers under /v2, their addresses built for /v2 (see docs/decisions.md, Compatibility mount).
  if (deps.config.compatV2Mount) {
    await app.register(
      async (mount) => {
        await mount.register(apiRoutes(deps, new Urls(compatBaseUrl(deps.config.publicBaseUrl), COMPAT_PREFIX)));
        // Unknown paths under /v2 are the API's JSON 404, whatever else the origin serves (OPTIONS is
        // left to the CORS preflight).
        mount.route({
          method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
          url: '/*',
          config: { auth: 'public' },
          handler: (_request, reply) => reply.callNotFound(),
        });
      },
      { prefix: COMPAT_PREFIX },
    );
  }
  await registerWebApp(app, options.webRoot);
  await app.ready();
  return app;
}
