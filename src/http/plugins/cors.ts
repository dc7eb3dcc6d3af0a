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
 */
export async function registerCors(app: FastifyInstance, credentialedOrigins: readonly string[]): Promise<void> {
  const listed = new Set(credentialedOrigins);
  // Built once: the delegator runs on every request, and the plugin joins list options on each
  // use, so the header values go in as the joined text (bench/README.md, "Fifth pass").
  const base = {
    methods: METHODS.join(', '),
    allowedHeaders: ALLOWED_HEADERS.join(', '),
    exposedHeaders: EXPOSED_HEADERS.join(', '),
    maxAge: PREFLIGHT_CACHE_SECONDS,
    // A bare OPTIONS (no Origin) is answered like a preflight rather than with a plain-text 400.
    strictPreflight: false,
  } satisfies FastifyCorsOptions;
  const anyOrigin: FastifyCorsOptions = Object.freeze({ ...base, origin: '*', credentials: false });
  // `origin: true` answers with the request's own origin.
  const credentialed: FastifyCorsOptions = Object.freeze({ ...base, origin: true, credentials: true });
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin !== undefined && listed.has(origin) ? credentialed : anyOrigin);
    },
  });
}
