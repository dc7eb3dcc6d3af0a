import type { SwaggerOptions } from '@fastify/swagger';
import { CONTENT_ATTRIBUTION } from '../content/attribution.js';
import type { Config } from '../config/index.js';
import { API_PREFIX, COMPAT_PREFIX } from './envelopes.js';
import { ERROR_EXAMPLES, OPERATION_EXAMPLES } from './openapi-examples.js';
import { REQUEST_ID_HEADER } from './plugins/observability.js';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const pascal = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** `get /assignments/{id}/start` -> `getAssignmentsByIdStart`: stable names for code generators. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...param[1]!.split('_')] : segment.split(/[_-]/);
    });
  return method + pascal(words.length === 0 ? ['root'] : words);
}

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });

const HEADERS: Record<string, Json> = {
  CompatRevision: header('The reference API revision whose bodies these are (20170710).'),
  RequestId: header('The request id: the X-Request-Id the client sent when usable, else a new UUID. It names the request in the log.'),
  ETag: header('Strong validator of the exact body; send it back in If-None-Match.'),
  LastModified: header('The newest data_updated_at of the body, rounded up to the second; send it back in If-Modified-Since.'),
  CacheControl: header('Always `private, no-cache`: a learner’s data is revalidated before each reuse.'),
  RateLimitLimit: header('Advertised requests per minute (advisory: no 429 is ever sent).', { type: 'integer' }),
  RateLimitRemaining: header('Advertised requests left in the window (advisory).', { type: 'integer' }),
  RateLimitReset: header('Unix time (seconds) when the advertised window resets.', { type: 'integer' }),
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const COMMON_HEADERS = {
  'Compat-Revision': ref('CompatRevision'),
  [REQUEST_ID_HEADER.replace(/\b\w/g, (c) => c.toUpperCase())]: ref('RequestId'),
};
const CACHE_HEADERS = {
  ETag: ref('ETag'),
  'Last-Modified': ref('LastModified'),
  'Cache-Control': ref('CacheControl'),
  'RateLimit-Limit': ref('RateLimitLimit'),
  'RateLimit-Remaining': ref('RateLimitRemaining'),
  'RateLimit-Reset': ref('RateLimitReset'),
};
const CONDITIONAL_PARAMETERS = [
  {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'An ETag from an earlier answer: 304 when the body is unchanged.',
    schema: { type: 'string' },
  },
  {
    name: 'If-Modified-Since',
    in: 'header',
    required: false,
    description: 'A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since.',
    schema: { type: 'string' },
  },
];

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token (`study-service tokens mint`) or a session token; `Token token=<token>` is accepted too.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'svc_session',
    description: 'The session cookie of the web app or of a portal session (POST /internal/sessions).',
  },
  internalSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'INTERNAL_SECRET, for the portal and the scheduler; learner credentials never pass.',
  },
  unsubscribeToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The HMAC token of an emailed unsubscribe link (also accepted as {"token": ...} in the body).',
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when the operator set one.' },
};

/** The sections of the docs page, in its order: every operation carries one of these tags. */
const TAGS = [
  { name: 'account', description: 'The learner: profile, preferences, vacation.' },
  { name: 'content', description: 'Subjects (radicals, kanji, vocabulary), voice actors and the SRS systems: the curriculum.' },
  {
    name: 'study',
    description: 'Assignments, lessons, reviews, review statistics, study materials, level progressions and resets: what the learner does.',
  },
  { name: 'progression', description: 'What advancing would unlock, and advancing ahead of the schedule.' },
  { name: 'screens', description: "Ready-made answers for the app's screens: dashboard, heat map, item spread, statistics." },
  { name: 'extra study', description: 'Practice outside the SRS schedule: recent lessons, recent mistakes, burned items.' },
  { name: 'devices', description: 'Push tokens of the learner’s devices.' },
  { name: 'session', description: 'Browser sign-in: sign-in links, token exchange, sign-out.' },
  { name: 'internal', description: 'For the operator’s own services, with INTERNAL_SECRET: portal sessions and the scheduled ticks.' },
  { name: 'meta', description: 'About the server and this document.' },
  { name: 'operations', description: 'Health, readiness and metrics for proxies, orchestrators and monitoring.' },
];

/** Moves every schema with a `title` into components.schemas (once per title) and refers to it. */
function hoistTitled(node: unknown, schemas: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistTitled(item, schemas));
  if (node === null || typeof node !== 'object') return node;
  const object = Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, hoistTitled(v, schemas)]));
  const title = object.title;
  if (typeof title === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(title) && ('type' in object || 'anyOf' in object || 'allOf' in object)) {
    schemas[title] ??= object;
    return { $ref: `#/components/schemas/${title}` };
  }
  return object;
}

/** Sets the example of every media type of a request body or response (the docs page shows it). */
function withExample(container: Json | undefined, example: unknown): void {
  const content = container?.content as Record<string, Json> | undefined;
  for (const media of Object.values(content ?? {})) media.example = example;
}

function mediaSchemas(container: Json | undefined): Json[] {
  const content = container?.content as Record<string, { schema?: Json }> | undefined;
  return Object.values(content ?? {}).flatMap((media) => (media.schema ? [media.schema] : []));
}

/**
 * The OpenAPI document for code generators and the docs page: every operation has an operationId
 * and a summary; request and response bodies are named component schemas; the conditional-request
 * headers, the 304 answer and the headers of every answer are described; each route's own security
 * (learner credential, internal secret, unsubscribe token, none) is declared.
 */
export function openApiOptions(config: Config): SwaggerOptions {
  const cacheable = new Set<string>();
  const origin = new URL(config.publicBaseUrl).origin;
  return {
    openapi: {
      info: {
        title: 'Study Service API',
        version: '1',
        description: `Spaced-repetition study API, body-compatible with the reference API revision 20170710. Every route except /about, /openapi.json and the operations probes needs a credential: \`Authorization: Bearer <token>\` (or \`Token token=<token>\`), or the svc_session cookie.\n\nContent: ${CONTENT_ATTRIBUTION.notice}`,
        license: { name: 'Code: MIT; bundled content: CC BY-SA 4.0', url: CONTENT_ATTRIBUTION.license_url },
      },
      servers: [{ url: config.publicBaseUrl }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES as never, headers: HEADERS as never },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform: ({ schema, url, route }) => {
      // The compatibility mount repeats every route; the document describes each once.
      if (url.startsWith(`${COMPAT_PREFIX}/`)) return { schema: { ...schema, hide: true }, url };
      const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url;
      const methods = ([] as string[]).concat(route.method).map((m) => m.toLowerCase());
      const openPath = path.replace(/:(\w+)/g, '{$1}');
      if (route.config?.cacheable) for (const method of methods) cacheable.add(`${method} ${openPath}`);
      const auth = route.config?.auth;
      const security = auth === 'internal' ? [{ internalSecret: [] }] : path === '/unsubscribe' ? [{ unsubscribeToken: [] }] : undefined;
      return { schema: security && schema ? { ...schema, security } : schema, url: path };
    },
    transformObject: (documentObject) => {
      const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Json & {
        paths: Record<string, Record<string, Json>>;
        components: Json;
      };
      const schemas: Record<string, Json> = { ...((doc.components.schemas as Record<string, Json>) ?? {}) };
      for (const [path, item] of Object.entries(doc.paths)) {
        // The probes and /metrics live at the origin, outside /api/v1.
        if (!path.startsWith('/') || ['/healthz', '/readyz', '/metrics'].includes(path)) (item as Json).servers = [{ url: origin }];
        for (const method of METHODS) {
          const op = item[method] as (Json & { responses?: Record<string, Json> }) | undefined;
          if (!op) continue;
          const id = (op.operationId as string | undefined) ?? operationIdOf(method, path);
          op.operationId = id;
          op.summary ??= `${method.toUpperCase()} ${path}`;
          const name = pascal([id]);
          for (const schema of mediaSchemas(op.requestBody as Json | undefined)) schema.title ??= `${name}Body`;
          const examples = { ...ERROR_EXAMPLES, ...OPERATION_EXAMPLES[id] };
          if (examples.body !== undefined) withExample(op.requestBody as Json | undefined, examples.body);
          for (const [status, response] of Object.entries(op.responses ?? {})) {
            if (examples[status] !== undefined) withExample(response, examples[status]);
            for (const schema of mediaSchemas(response)) {
              if (status.startsWith('2')) schema.title ??= `${name}Response`;
              else if (typeof schema.properties === 'object' && Object.keys(schema.properties as Json).join() === 'error,code')
                schema.title ??= 'Error';
            }
            response.headers = { ...COMMON_HEADERS, ...(response.headers as Json | undefined) };
          }
          if (cacheable.has(`${method} ${path}`) && op.responses?.['200']) {
            op.responses['200'].headers = { ...(op.responses['200'].headers as Json), ...CACHE_HEADERS };
            op.responses['304'] = {
              description: 'Not Modified: the validators sent match; no body.',
              headers: { ...COMMON_HEADERS, ETag: ref('ETag'), 'Last-Modified': ref('LastModified') },
            };
            op.parameters = [...((op.parameters as Json[] | undefined) ?? []), ...CONDITIONAL_PARAMETERS];
          }
        }
      }
      doc.paths = hoistTitled(doc.paths, schemas) as typeof doc.paths;
      doc.components = { ...doc.components, schemas };
      return doc as never;
    },
  };
}
