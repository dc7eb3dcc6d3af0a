import Type from 'typebox';
import { PUSH_PLATFORMS } from '../../../domain/notifications.js';
import { errors, OneOf, ReportSchema, Timestamp } from '../../schemas.js';

const Platform = OneOf(PUSH_PLATFORMS);
const PushTokenBody = Type.Object({
  token: Type.String({ description: 'ExponentPushToken[...] or ExpoPushToken[...]; a bare native token is refused' }),
  platform: Type.Optional(Type.Union([Platform, Type.Null()], { description: 'Omitted or null keeps what was stored' })),
});

export const PushTokenReport = ReportSchema(
  Type.Object({ token: Type.String(), platform: Type.Union([Platform, Type.Null()]), registered_at: Timestamp }),
  Type.Literal('push_token'),
);

export const registerSchema = {
  tags: ['devices'],
  summary: 'Register (or re-arm) a push token for this install; call it on every launch',
  body: PushTokenBody,
  response: { 200: PushTokenReport, ...errors(401, 422) },
};

export const removeSchema = {
  tags: ['devices'],
  summary: "Retire one of the caller's push tokens; idempotent",
  body: PushTokenBody,
  response: { 200: ReportSchema(Type.Object({ removed: Type.Integer() }), Type.Literal('push_token')), ...errors(401, 422) },
};
