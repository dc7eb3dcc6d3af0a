import Type from 'typebox';
import { DEFAULT_PREFERENCES } from '../../../domain/preferences.js';
import { NullableString, NullableTimestamp, OpenObject, ReportSchema, Timestamp, errors } from '../../schemas.js';

export const UserData = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  level: Type.Integer(),
  profile_url: Type.String({ format: 'uri', description: "The learner's page on the web app: <WEB_APP_URL>/users/<username>" }),
  started_at: Timestamp,
  current_vacation_started_at: NullableTimestamp,
  timezone: NullableString,
  subscription: Type.Object({
    type: Type.String(),
    active: Type.Boolean(),
    period_ends_at: NullableTimestamp,
    max_level_granted: Type.Integer(),
  }),
  preferences: OpenObject({ description: `Defaults: ${JSON.stringify(DEFAULT_PREFERENCES)}` }),
});

export const UserReport = ReportSchema(UserData, Type.Literal('user'));

export const getUserSchema = { tags: ['account'], summary: 'The account', response: { 200: UserReport, ...errors(401) } };

const UserUpdateBody = Type.Object({
  timezone: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'IANA zone name, e.g. Asia/Manila' })),
  preferences: Type.Optional(OpenObject({ description: 'Merged key by key' })),
});

export const putUserSchema = {
  tags: ['account'],
  summary: 'Update time zone and preferences (bare or {user: {...}})',
  body: UserUpdateBody,
  response: { 200: UserReport, ...errors(401, 422) },
};
