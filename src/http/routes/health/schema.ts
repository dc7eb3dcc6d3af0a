import Type from 'typebox';

export const Liveness = Type.Object(
  { status: Type.Literal('ok') },
  { title: 'Liveness', description: 'The process is up and serving.', examples: [{ status: 'ok' }] },
);

export const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    checks: Type.Object({
      database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
      migrations: Type.Union([Type.Literal('ok'), Type.Literal('pending'), Type.Literal('unknown')]),
      content: Type.Union([Type.Literal('ok'), Type.Literal('empty'), Type.Literal('unknown')]),
    }),
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  {
    title: 'Readiness',
    description: 'Whether the server can answer the API: database reachable, migrations applied, content loaded.',
    examples: [{ status: 'ready', checks: { database: 'ok', migrations: 'ok', content: 'ok' }, reason: null }],
  },
);

export const healthzSchema = {
  tags: ['operations'],
  operationId: 'getHealthz',
  summary: 'Liveness: the process is up (no database access)',
  security: [],
  response: { 200: Liveness },
};

export const readyzSchema = {
  tags: ['operations'],
  operationId: 'getReadyz',
  summary: 'Readiness: database reachable, migrations applied, content loaded (503 otherwise)',
  security: [],
  response: { 200: Readiness, 503: Readiness },
};
