import Type from 'typebox';
import { NullableTimestamp, Timestamp } from '../../schemas.js';

export const LevelProgressionData = Type.Object({
  created_at: Timestamp,
  level: Type.Integer(),
  unlocked_at: NullableTimestamp,
  started_at: NullableTimestamp,
  passed_at: NullableTimestamp,
  completed_at: NullableTimestamp,
  abandoned_at: NullableTimestamp,
});
