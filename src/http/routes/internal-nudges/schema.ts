import Type from 'typebox';
import { NUDGE_DECISIONS } from '../../../domain/notifications.js';
import { NUDGE_MODES } from '../../../jobs/nudge-tick.js';
import { NullableTimestamp, OneOf } from '../../schemas.js';
import { tickSchema } from '../../tick-reports.js';

export const NudgeRunData = Type.Object({
  mode: OneOf(NUDGE_MODES, { description: 'send; or why nothing was sent or written (dry_run, no_smtp, no_unsubscribe_secret)' }),
  dry_run: Type.Boolean({ description: 'True when the run sent and wrote nothing (see mode)' }),
  users: Type.Array(
    Type.Object({
      user_id: Type.String({ description: 'The learner (the uuid of /user)' }),
      decision: OneOf(NUDGE_DECISIONS),
      reviews_waiting: Type.Union([Type.Integer(), Type.Null()]),
      oldest_waiting_since: NullableTimestamp,
    }),
  ),
});

export const nudgeTickSchema = tickSchema(
  'Daily nudge tick (shared secret): backlog emails, at most one a week per learner',
  ['completed', 'already_running'],
  [...NUDGE_DECISIONS, 'users'],
  NudgeRunData,
);
