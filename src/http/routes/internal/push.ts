import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { PUSH_DECISIONS } from '../../../domain/notifications.js';
import { PUSH_RUN_COUNTS, runPushTick, type PushRunReport } from '../../../jobs/push-tick.js';
import { pushTransportFrom } from '../../../jobs/transports/push.js';
import type { Deps } from '../../../services/deps.js';
import type { Urls } from '../../envelopes.js';
import { isDryRun, presentTick, tickSchema, type TickQuery } from './tick.js';

const NullableCount = Type.Union([Type.Integer(), Type.Null()]);

const schema = tickSchema(
  'Hourly push tick (shared secret): announce newly waiting items to registered devices',
  ['completed', 'no_devices', 'already_running'],
  [...PUSH_DECISIONS, ...PUSH_RUN_COUNTS],
  Type.Object({
    dry_run: Type.Boolean(),
    users: Type.Array(
      Type.Object({
        user_id: Type.String({ description: 'The learner (the uuid of /user)' }),
        decision: Type.Union(PUSH_DECISIONS.map((d) => Type.Literal(d))),
        devices: Type.Integer({ description: 'Active devices' }),
        reviews: NullableCount,
        lessons: NullableCount,
        baseline: Type.Integer({ description: 'The count last announced, after this run' }),
      }),
    ),
  }),
);

function present(url: string, run: PushRunReport) {
  return presentTick(url, run, {
    dry_run: run.dryRun,
    users: run.users.map((u) => ({
      user_id: u.userUuid,
      decision: u.decision,
      devices: u.devices,
      reviews: u.reviews,
      lessons: u.lessons,
      baseline: u.baseline,
    })),
  });
}

/** GET /internal/push: the hourly push run, for a scheduler presenting INTERNAL_SECRET. */
export function internalPushRoutes(deps: Deps, urls: Urls) {
  const transport = pushTransportFrom(deps.config);
  return async (app: FastifyInstance) => {
    app.get('/internal/push', { schema, config: { auth: 'internal' } }, async (request) => {
      const query = request.query as Static<typeof TickQuery>;
      const run = await runPushTick(deps, transport, { dryRun: isDryRun(query), log: request.log });
      return present(urls.request(request), run);
    });
  };
}
