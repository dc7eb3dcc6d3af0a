import Type from 'typebox';
import { Timestamp } from '../../schemas.js';

export const VoiceActorData = Type.Object({
  created_at: Timestamp,
  name: Type.String(),
  gender: Type.String(),
  description: Type.String(),
});
