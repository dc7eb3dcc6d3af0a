import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../../services/credentials.js';
import type { Deps } from '../../services/deps.js';
import { secretsEqual } from '../../shared/tokens.js';
import { unauthorized } from '../errors.js';
import { cookieWriteAllowed, trustedOriginsOf } from './cross-site.js';
import { learnerStateKey } from '../../domain/learner-state-key.js';

export const SESSION_COOKIE = 'svc_session';

/**
 * The token of an Authorization header: `Bearer <token>`, or the older `Token token=<token>` that
 * some reference clients send (see docs/decisions.md, Credential forms). Undefined when absent; null when present but malformed.
 */
export function bearerOf(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const legacy = /^Token\s+token="?([^"\s]+)"?\s*$/i.exec(header);
  return legacy?.[1] ?? null;
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Every route is guarded: a learner's credential by default (the header wins over the cookie), the
 * shared secret on internal routes (compared in constant time; user credentials never pass), or
 * nothing on the few public routes.
 */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  const trustedOrigins = trustedOriginsOf(deps.config);
  app.decorateRequest('userId', 0);
  app.decorateRequest('learnerDataVersion', '');
  app.decorateRequest('learner', null);
  app.decorateRequest('contentVersion', 0);
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'user';
    if (mode === 'public' || request.routeOptions.url === undefined) return;
    const bearer = bearerOf(request);
    if (mode === 'internal') {
      const secret = deps.config.internalSecret;
      if (secret === null || typeof bearer !== 'string' || !secretsEqual(bearer, secret)) throw unauthorized();
      return;
    }
    if (bearer === null) throw unauthorized();
    // A cookie rides along with requests a page of another site makes; for writes it counts only
    // when the request comes from the app's own pages (the bearer header cannot be forged that way).
    const cookie = bearer === undefined && !cookieWriteAllowed(request, trustedOrigins) ? undefined : sessionCookieOf(request);
    const credential = bearer !== undefined ? { bearer } : cookie !== undefined ? { sessionCookie: cookie } : {};
    const owner = await authenticate(deps, credential);
    if (owner === null) throw unauthorized();
    request.userId = owner.userId;
    request.learnerDataVersion = `${learnerStateKey(owner)} ${owner.contentVersion}`;
    request.learner = { id: owner.userId, uuid: owner.uuid, changeStamp: owner.changeStamp };
    request.contentVersion = owner.contentVersion;
  });
}
