import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a browser client on another origin may send and read (see docs/decisions.md, Cross-origin clients). */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-None-Match', 'If-Modified-Since', 'Wanikani-Revision', 'Idempotency-Key'];
const EXPOSED_HEADERS = [
  'ETag',
  'Last-Modified',
  'Compat-Revision',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Idempotency-Replayed',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
const PREFLIGHT_CACHE_SECONDS = 24 * 60 * 60;

/**
 * CORS through the ecosystem's plugin. Any origin may call the API with a bearer token
 * (`Access-Control-Allow-Origin: *`, under which browsers never send cookies); only the origins
 * listed in CORS_CREDENTIALED_ORIGINS are answered with their own origin and
 * `Access-Control-Allow-Credentials: true`, so that a page there may use the session cookie.
 * Preflights are answered 204 before authentication (browsers send them without credentials).
 * Registered before the auth hook.
 *
 * The plugin's options are static, so it merges them with its defaults once: given through a
 * delegator, it merged them on every request, and the merge adds properties to a fresh copy, which
 * V8 makes slowly (about 5 us a request, 1.5-2% of a review's event loop; bench/README.md, "Eighth
 * pass"). The origin is chosen per request by the `origin` function (which also makes every answer
 * carry `Vary: Origin`, as the delegator did); the credentials header, which the plugin's options
 * can only give to every origin or none, comes from a hook of its own just before the plugin's.
 */
export async function registerCors(app: FastifyInstance, credentialedOrigins: readonly string[]): Promise<void> {
  const listed = new Set(credentialedOrigins);
  const isListed = (origin: string | undefined): origin is string => origin !== undefined && listed.has(origin);
  // Before the plugin's hook, which answers a preflight itself.
  app.addHook('onRequest', (request, reply, done) => {
    if (isListed(request.headers.origin)) reply.header('Access-Control-Allow-Credentials', 'true');
    done();
  });
  await app.register(cors, {
    // The plugin joins list options on each use, so the header values go in as the joined text
    // (bench/README.md, "Fifth pass").
    methods: METHODS.join(', '),
    allowedHeaders: ALLOWED_HEADERS.join(', '),
    exposedHeaders: EXPOSED_HEADERS.join(', '),
    maxAge: PREFLIGHT_CACHE_SECONDS,
    // A bare OPTIONS (no Origin) is answered like a preflight rather than with a plain-text 400.
    strictPreflight: false,
    credentials: false,
    // A listed origin is answered with itself, any other with `*`.
    origin: (origin, callback) => callback(null, isListed(origin) ? origin : '*'),
  } satisfies FastifyCorsOptions);
}
