import Type from 'typebox';
import { PUSH_DECISIONS } from '../../../domain/notifications.js';
import { PUSH_RUN_COUNTS } from '../../../jobs/push-tick.js';
import { OneOf } from '../../schemas.js';
import { tickSchema } from '../../tick-reports.js';

const NullableCount = Type.Union([Type.Integer(), Type.Null()]);

export const PushRunData = Type.Object({
  dry_run: Type.Boolean(),
  users: Type.Array(
    Type.Object({
      user_id: Type.String({ description: 'The learner (the uuid of /user)' }),
      decision: OneOf(PUSH_DECISIONS),
      devices: Type.Integer({ description: 'Active devices' }),
      reviews: NullableCount,
      lessons: NullableCount,
      baseline: Type.Integer({ description: 'The count last announced, after this run' }),
    }),
  ),
});

export const pushTickSchema = tickSchema(
  'Hourly push tick (shared secret): announce newly waiting items to registered devices',
  ['completed', 'no_devices', 'already_running'],
  [...PUSH_DECISIONS, ...PUSH_RUN_COUNTS],
  PushRunData,
);
