import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { mintSession, revokeSession } from '../../../services/credentials.js';
import { toIso } from '../../../shared/time.js';
import { valueOrThrow } from '../../errors.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import { errors } from '../../schemas.js';

const MintBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
});
const RevokeBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });

const mintSchema = {
  tags: ['internal'],
  summary: 'Mint a session for a portal user (shared secret)',
  body: MintBody,
  response: {
    201: Type.Object({
      object: Type.Literal('session'),
      data: Type.Object({ token: Type.String(), user_id: Type.String(), expires_at: Type.String() }),
    }),
    ...errors(401, 422),
  },
};

const revokeSchema = {
  tags: ['internal'],
  summary: 'Revoke a session (shared secret)',
  body: RevokeBody,
  response: { 200: Type.Object({ object: Type.Literal('session'), data: Type.Object({ revoked: Type.Integer() }) }), ...errors(401, 422) },
};

/** The portal's door in: shared-secret guarded, never reachable with a learner's credential. */
export function internalSessionRoutes(deps: Deps) {
  const cookieSuffix = `; HttpOnly; Secure; SameSite=Lax; Path=/${deps.config.sessionCookieDomain ? `; Domain=${deps.config.sessionCookieDomain}` : ''}`;
  return async (app: FastifyInstance) => {
    app.post('/internal/sessions', { schema: mintSchema, config: { auth: 'internal' } }, async (request, reply) => {
      const body = request.body as Static<typeof MintBody>;
      const session = valueOrThrow(await mintSession(deps, { username: body.username, email: body.email ?? null }));
      reply.header('Set-Cookie', `${SESSION_COOKIE}=${session.token}${cookieSuffix}`);
      return reply.code(201).send({
        object: 'session',
        data: { token: session.token, user_id: session.userUuid, expires_at: toIso(session.expiresAt) },
      });
    });

    app.delete('/internal/sessions', { schema: revokeSchema, config: { auth: 'internal' } }, async (request) => {
      const body = request.body as Static<typeof RevokeBody>;
      return { object: 'session', data: { revoked: await revokeSession(deps, body.token) } };
    });
  };
}
