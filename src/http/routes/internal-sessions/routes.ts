import { mintSession, revokeSession } from '../../../services/credentials.js';
import type { Deps } from '../../../services/deps.js';
import { valueOrThrow } from '../../errors.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentSession } from './present.js';
import { mintSchema, revokeSchema } from './schema.js';

/** The portal's door in: shared-secret guarded, never reachable with a learner's credential. */
export function internalSessionRoutes(deps: Deps): RoutePlugin {
  const cookieSuffix = `; HttpOnly; Secure; SameSite=Lax; Path=/${deps.config.sessionCookieDomain ? `; Domain=${deps.config.sessionCookieDomain}` : ''}`;
  return async (app) => {
    app.post('/internal/sessions', { schema: mintSchema, config: { auth: 'internal' } }, async (request, reply) => {
      const session = valueOrThrow(await mintSession(deps, { username: request.body.username, email: request.body.email ?? null }));
      reply.header('Set-Cookie', `${SESSION_COOKIE}=${session.token}${cookieSuffix}`);
      reply.code(201);
      return presentSession(session);
    });

    app.delete('/internal/sessions', { schema: revokeSchema, config: { auth: 'internal' } }, async (request) => ({
      object: 'session' as const,
      data: { revoked: await revokeSession(deps, request.body.token) },
    }));
  };
}
