import Type from 'typebox';
import { Timestamp } from '../../schemas.js';

const Stage = Type.Object({
  position: Type.Integer(),
  interval: Type.Union([Type.Integer(), Type.Null()]),
  interval_unit: Type.Union([Type.String(), Type.Null()]),
});

export const SrsSystemData = Type.Object({
  created_at: Timestamp,
  name: Type.String(),
  description: Type.String(),
  unlocking_stage_position: Type.Integer(),
  starting_stage_position: Type.Integer(),
  passing_stage_position: Type.Integer(),
  burning_stage_position: Type.Integer(),
  stages: Type.Array(Stage),
});
