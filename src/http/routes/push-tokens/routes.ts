import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { PUSH_PLATFORMS } from '../../../domain/notifications.js';
import type { Deps } from '../../../services/deps.js';
import { registerPushToken, removePushToken } from '../../../services/push-tokens.js';
import { toIso } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { ReportSchema, Timestamp, errors } from '../../schemas.js';
import type { PushTokenRecord } from '../../../domain/model/push.js';

const Platform = Type.Union(PUSH_PLATFORMS.map((p) => Type.Literal(p)));
const Body = Type.Object({
  token: Type.String({ description: 'ExponentPushToken[...] or ExpoPushToken[...]; a bare native token is refused' }),
  platform: Type.Optional(Type.Union([Platform, Type.Null()], { description: 'Omitted or null keeps what was stored' })),
});

const PushTokenData = Type.Object({ token: Type.String(), platform: Type.Union([Platform, Type.Null()]), registered_at: Timestamp });

const postSchema = {
  tags: ['devices'],
  summary: 'Register (or re-arm) a push token for this install; call it on every launch',
  body: Body,
  response: { 200: ReportSchema(PushTokenData, Type.Literal('push_token')), ...errors(401, 422) },
};

const deleteSchema = {
  tags: ['devices'],
  summary: "Retire one of the caller's push tokens; idempotent",
  body: Body,
  response: { 200: ReportSchema(Type.Object({ removed: Type.Integer() }), Type.Literal('push_token')), ...errors(401, 422) },
};

const PATH = '/push_tokens';

function present(urls: Urls, t: PushTokenRecord) {
  return report(urls, PATH, 'push_token', t.updatedAt, { token: t.token, platform: t.platform, registered_at: toIso(t.registeredAt) });
}

export function pushTokenRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.post(PATH, { schema: postSchema, config: { bodyWrapper: 'push_token' } }, async (request) => {
      const body = request.body as Static<typeof Body>;
      return present(
        urls,
        valueOrThrow(await registerPushToken(deps, request.userId, { token: body.token, platform: body.platform ?? undefined })),
      );
    });

    app.delete(PATH, { schema: deleteSchema, config: { bodyWrapper: 'push_token' } }, async (request) => {
      const body = request.body as Static<typeof Body>;
      return report(urls, PATH, 'push_token', null, { removed: valueOrThrow(await removePushToken(deps, request.userId, body.token)) });
    });
  };
}
