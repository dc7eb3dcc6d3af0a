import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { describeEachEngine, INTERNAL_SECRET, type TestApp } from '../support/app.js';
import { startFakePush } from '../support/fake-push.js';
import { createLearner, kanaVocabulary, kanji, radical, vocabulary } from '../support/factories.js';
import { PUSH_ACCESS_TOKEN } from '../support/push.js';
import { learnerStarting } from '../support/study.js';

/**
 * Generated requests over every operation of the OpenAPI document: valid values, values at and past
 * every range, wrong types, junk text with U+0000 and lone surrogates, absurd nesting, wrong content
 * types, repeated Idempotency-Keys, every credential form. Seeded, so a failure replays exactly
 * (FUZZ_SEED, FUZZ_REQUESTS override); in-process (app.inject), so nothing leaves the machine.
 * No answer may be a 5xx, and every non-2xx is {error, code} with the API's headers.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const PREFIX = '/api/v1';

const push = await startFakePush();
afterAll(() => push.close());

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: JsonSchema | undefined;
  internal: boolean;
}

const EDGE_NUMBERS = [0, -1, 1, 2, 3, 6, 9, 10, 100, 2147483647, 2147483648, -2147483649, 9007199254740993, 1e300, -1e300, 0.5, -0];
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '𝕏',
  '日本語',
  'ExponentPushToken[fuzz]',
  'ExpoPushToken[fuzz-2]',
  '2026-11-21T10:30:00.000Z',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  'Asia/Tokyo',
  'GMT+8',
  'true',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  'x'.repeat(600),
];

const edgeNumber = fc.constantFrom(...EDGE_NUMBERS);
const edgeString = fc.constantFrom(...EDGE_STRINGS);
const text = fc.oneof(edgeString, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 8 }));
const junkJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: edgeNumber },
  { weight: 2, arbitrary: text },
);

/** Values for a schema: mostly what it asks for (so writes really happen), sometimes anything at all. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const wanted = wantedValue(schema);
  return fc.oneof({ weight: 4, arbitrary: wanted }, { weight: 1, arbitrary: junkJson });
}

function wantedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.nullable) options.push(fc.constant(null));
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  else if (schema.anyOf) options.push(...schema.anyOf.map(wantedValue));
  else if (schema.type === 'integer' || schema.type === 'number')
    options.push(fc.integer({ min: schema.minimum ?? -3, max: Math.min(schema.maximum ?? 12, 12) }), edgeNumber);
  else if (schema.type === 'string') options.push(text);
  else if (schema.type === 'boolean') options.push(fc.boolean());
  else if (schema.type === 'array') options.push(fc.array(valueFor(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 6, 6) }));
  else if (schema.type === 'object') options.push(objectFor(schema));
  else options.push(junkJson);
  return fc.oneof(...options);
}

function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value)])), {
    requiredKeys: (schema.required ?? []).filter(() => true),
  });
  const extra = fc.dictionary(fc.oneof(text, fc.constantFrom(...Object.keys(properties), '__proto__', 'constructor')), junkJson, {
    maxKeys: 3,
  });
  return fc.oneof({ weight: 5, arbitrary: known }, { weight: 1, arbitrary: fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })) });
}

const QUERY_WORDS = [
  'radical',
  'kanji',
  'vocabulary',
  'kana_vocabulary',
  'recent_lessons',
  'recent_mistakes',
  'burned_items',
  'past_7_days',
  'all_time',
  'today',
  'month',
  'year',
  'true',
  'false',
  '1',
  '0',
];
const queryValue = fc.oneof(
  fc.integer({ min: -2, max: 12 }).map(String),
  fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 4 }).map((ids) => ids.join(',')),
  fc.constantFrom(...QUERY_WORDS),
  edgeNumber.map(String),
  edgeString,
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const pathId = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '99999999999999999999', '1.5', '1e3', 'abc', '%00', '%zz', '%20'),
  },
);

/** Percent-encodes every UTF-8 byte (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
const percentEncoded = (value: string) => [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function queryString(entries: [string, string | null][]): string {
  if (entries.length === 0) return '';
  const encoded = entries.map(([key, value]) => (value === null ? key : `${key}=${percentEncoded(value)}`));
  return `?${encoded.join('&')}`;
}

/** JSON nested `depth` levels deep, of arrays or of objects. */
const deeplyNested = (depth: number, arrays: boolean) =>
  arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const BODY_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
] as const;

function requestFor(operations: Operation[], tokens: { learner: string; session: string }): fc.Arbitrary<[Operation, InjectOptions]> {
  return fc.constantFrom(...operations).chain((op) => {
    const path = op.path.includes('{id}') ? pathId.map((id) => op.path.replace('{id}', id)) : fc.constant(op.path);
    const query = fc
      .subarray(op.query)
      .chain((names) =>
        fc.tuple(
          ...names.map((name) => fc.option(queryValue, { freq: 6, nil: null }).map((value): [string, string | null] => [name, value])),
        ),
      );
    const credential = fc.oneof(
      { weight: op.internal ? 1 : 12, arbitrary: fc.constant({ authorization: `Bearer ${tokens.learner}` }) },
      { weight: op.internal ? 8 : 1, arbitrary: fc.constant({ authorization: `Bearer ${INTERNAL_SECRET}` }) },
      { weight: 1, arbitrary: fc.constant({ authorization: `Token token=${tokens.learner}` }) },
      { weight: 1, arbitrary: fc.constant({ cookie: `svc_session=${tokens.session}` }) },
      { weight: 1, arbitrary: fc.constantFrom({}, { authorization: 'Bearer nope' }, { authorization: 'Basic Zm9vOmJhcg==' }) },
    );
    const extraHeaders = fc.record(
      {
        'idempotency-key': fc.oneof(fc.constantFrom('k1', 'k2', 'k3'), fc.string({ maxLength: 5 })),
        'if-none-match': fc.constantFrom('*', '"x"', 'W/"y"'),
        'if-modified-since': fc.constantFrom('Sat, 21 Nov 2026 10:30:00 GMT', 'yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT'),
        origin: fc.constantFrom('http://study.test', 'https://evil.example'),
      },
      { requiredKeys: [] },
    );
    const body: fc.Arbitrary<{ payload?: string; type?: string | undefined }> =
      op.body === undefined
        ? fc.constant({})
        : fc.oneof(
            { weight: 12, arbitrary: objectFor(op.body).map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })) },
            { weight: 2, arbitrary: junkJson.map((value) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' })) },
            {
              weight: 1,
              arbitrary: fc
                .tuple(fc.integer({ min: 30, max: 5000 }), fc.constantFrom(...Object.keys(op.body.properties ?? {}), 'x'), fc.boolean())
                .map(([depth, key, arrays]) => ({ payload: `{"${key}":${deeplyNested(depth, arrays)}}`, type: 'application/json' })),
            },
            {
              weight: 1,
              arbitrary: fc
                .tuple(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom(...BODY_TYPES))
                .map(([payload, type]) => ({ payload, type })),
            },
            { weight: 1, arbitrary: fc.constant({}) },
          );
    return fc.tuple(path, query, credential, extraHeaders, body).map(([url, entries, auth, extra, { payload, type }]) => {
      const headers: Record<string, string> = { ...auth, ...extra, ...(type ? { 'content-type': type } : {}) };
      const request: InjectOptions = {
        method: op.method as NonNullable<InjectOptions['method']>,
        url: `${PREFIX}${url}${queryString(entries)}`,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      };
      return [op, request] as [Operation, InjectOptions];
    });
  });
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** The document's `$ref`s replaced by the component schemas they name, so generators see every field. */
function dereferenced(value: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => dereferenced(item, components));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return dereferenced(components[ref.split('/').pop() ?? ''], components);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dereferenced(item, components)]));
}

function operationsOf(app: TestApp): Operation[] {
  const raw = app.app.swagger() as { paths: unknown; components?: { schemas?: Record<string, unknown> } };
  const paths = dereferenced(raw.paths, raw.components?.schemas ?? {}) as Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content['application/json']?.schema,
        internal: path.startsWith('/internal'),
      })),
  );
}

interface Problem {
  request: string;
  status: number;
  body: string;
}

describeEachEngine(
  'Fuzzed requests',
  (t) => {
    it(`${REQUESTS} generated requests over every operation: no 5xx, every error in the API's shape`, { timeout: 600_000 }, async () => {
      const app = t();
      const content = [
        radical(1, 1),
        radical(2, 1),
        radical(3, 1, { characters: null }),
        kanji(4, 1, [1, 2]),
        kanji(5, 1, [2, 3]),
        vocabulary(6, 1, [4]),
        kanaVocabulary(7, 1),
        radical(8, 2),
        kanji(9, 2, [8]),
        radical(10, 1, { hidden: true }),
      ];
      const learner = await learnerStarting(app, content, [1, 2, 3, 7]);
      await createLearner(app.deps, 'bob');
      const session = (await app.post(`${PREFIX}/internal/sessions`, INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
      const operations = operationsOf(app);
      expect(operations.length).toBeGreaterThan(40);

      const requests = fc.sample(requestFor(operations, { learner, session }), { seed: SEED, numRuns: REQUESTS });
      const problems: Problem[] = [];
      const perOperation = new Map<string, number>();
      for (const [operation, request] of requests) {
        const res = await app.app.inject(request);
        const label = `${request.method} ${String(request.url)}`;
        const name = `${operation.method} ${operation.path}`;
        perOperation.set(name, (perOperation.get(name) ?? 0) + 1);
        const problem = (why: string) =>
          problems.push({
            request: `${label} ${JSON.stringify(request.headers)} ${String(request.payload ?? '').slice(0, 200)}`,
            status: res.statusCode,
            body: `${why}: ${res.body.slice(0, 200)}`,
          });
        if (res.statusCode >= 500) problem('5xx');
        // Not Modified has no body, and the sign-in link answers the browser with a redirect to the app.
        if (res.statusCode === 304 || (res.statusCode === 303 && operation.path === '/session/link')) continue;
        if (res.headers['compat-revision'] !== '20170710' || res.headers['content-type'] !== 'application/json; charset=utf-8')
          problem('headers');
        let json: unknown;
        try {
          json = JSON.parse(res.body);
        } catch {
          problem('not JSON');
          continue;
        }
        if (res.statusCode >= 300) {
          const error = json as { error?: unknown; code?: unknown };
          if (typeof error.error !== 'string' || error.code !== res.statusCode || Object.keys(error).length !== 2) problem('error shape');
        }
      }
      expect(problems.slice(0, 10)).toEqual([]);
      // Every operation was exercised (the generator picks them uniformly).
      for (const op of operations) expect(perOperation.get(`${op.method} ${op.path}`) ?? 0, `${op.method} ${op.path}`).toBeGreaterThan(10);
    });
  },
  { PUSH_API_URL: push.url, PUSH_ACCESS_TOKEN },
);
