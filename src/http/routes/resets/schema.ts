import Type from 'typebox';
import { NullableTimestamp, Timestamp } from '../../schemas.js';

export const ResetData = Type.Object({
  created_at: Timestamp,
  original_level: Type.Integer(),
  target_level: Type.Integer(),
  confirmed_at: NullableTimestamp,
});
