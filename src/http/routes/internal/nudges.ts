import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { NUDGE_DECISIONS } from '../../../domain/notifications.js';
import { NUDGE_MODES, runNudgeTick, type NudgeRunReport } from '../../../jobs/nudge-tick.js';
import { mailTransportFrom } from '../../../jobs/transports/mail.js';
import type { Deps } from '../../../services/deps.js';
import { toIsoOrNull } from '../../../shared/time.js';
import type { Urls } from '../../envelopes.js';
import { NullableTimestamp } from '../../schemas.js';
import { isDryRun, presentTick, tickSchema, type TickQuery } from './tick.js';

const schema = tickSchema(
  'Daily nudge tick (shared secret): backlog emails, at most one a week per learner',
  ['completed', 'already_running'],
  [...NUDGE_DECISIONS, 'users'],
  Type.Object({
    mode: Type.Union(
      NUDGE_MODES.map((m) => Type.Literal(m)),
      { description: 'send; or why nothing was sent or written (dry_run, no_smtp, no_unsubscribe_secret)' },
    ),
    dry_run: Type.Boolean({ description: 'True when the run sent and wrote nothing (see mode)' }),
    users: Type.Array(
      Type.Object({
        user_id: Type.String({ description: 'The learner (the uuid of /user)' }),
        decision: Type.Union(NUDGE_DECISIONS.map((d) => Type.Literal(d))),
        reviews_waiting: Type.Union([Type.Integer(), Type.Null()]),
        oldest_waiting_since: NullableTimestamp,
      }),
    ),
  }),
);

function present(url: string, run: NudgeRunReport) {
  return presentTick(url, run, {
    mode: run.mode,
    dry_run: run.mode !== 'send',
    users: run.users.map((u) => ({
      user_id: u.userUuid,
      decision: u.decision,
      reviews_waiting: u.reviewsWaiting,
      oldest_waiting_since: toIsoOrNull(u.oldestWaitingAt),
    })),
  });
}

/** GET /internal/nudges: the daily nudge run, for a scheduler presenting INTERNAL_SECRET. */
export function internalNudgeRoutes(deps: Deps, urls: Urls) {
  const mail = mailTransportFrom(deps.config);
  return async (app: FastifyInstance) => {
    app.addHook('onClose', async () => mail?.close());
    app.get('/internal/nudges', { schema, config: { auth: 'internal' } }, async (request) => {
      const query = request.query as Static<typeof TickQuery>;
      const run = await runNudgeTick(deps, mail, { dryRun: isDryRun(query), log: request.log });
      return present(urls.request(request), run);
    });
  };
}
