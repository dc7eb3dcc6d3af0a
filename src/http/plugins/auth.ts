import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, authenticateNow } from '../../services/credentials.js';
import type { Deps } from '../../services/deps.js';
import { secretsEqual } from '../../shared/tokens.js';
import { unauthorized, type HttpError } from '../errors.js';
import { cookieWriteAllowed, trustedOriginsOf } from './cross-site.js';
import { learnerStateKey } from '../../domain/learner-state-key.js';
import type { CredentialOwner, PresentedCredential } from '../../domain/model/credentials.js';

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

/** Sets what the request knows of its learner, from the owner of the credential it presented; the credential is then checked. */
export function acceptCredentialOwner(request: FastifyRequest, owner: CredentialOwner): void {
  request.userId = owner.userId;
  request.learnerDataVersion = `${learnerStateKey(owner)} ${owner.contentVersion}`;
  request.learner = { id: owner.userId, uuid: owner.uuid, changeStamp: owner.changeStamp };
  request.contentVersion = owner.contentVersion;
  request.credential = null;
}

/** The 401 of a credential that its route's handler found does not pass: the request's error is then answered as it is. */
export function refusedCredential(request: FastifyRequest): HttpError {
  request.credential = null;
  return unauthorized();
}

/**
 * Checks the credential a route that `checksCredential` left unchecked (nothing when there is none
 * left): a 401 when it does not pass, as the hook would have answered. Either way the credential is
 * then checked, so the error handler answers the refusal without looking it up again.
 */
export async function checkPresentedCredential(deps: Deps, request: FastifyRequest): Promise<void> {
  const { credential } = request;
  if (credential === null) return;
  const owner = await authenticate(deps, credential);
  if (owner === null) throw refusedCredential(request);
  acceptCredentialOwner(request, owner);
}

async function ownerOrRefused(deps: Deps, credential: PresentedCredential): Promise<CredentialOwner> {
  const owner = await authenticate(deps, credential);
  if (owner === null) throw unauthorized();
  return owner;
}

/**
 * Every route is guarded: a learner's credential by default (the header wins over the cookie), the
 * shared secret on internal routes (compared in constant time; user credentials never pass), or
 * nothing on the few public routes.
 *
 * A route that `checksCredential` reads the learner with its own first statement (POST /reviews and
 * GET /dashboard on PostgreSQL, one round trip fewer): the hook refuses a request presenting no credential and leaves
 * the one presented in `request.credential`. Until the handler has accepted it, an error of the
 * request is answered only after the credential is checked (plugins/errors.ts), so a bad credential
 * is refused with 401 before anything of the body, as the hook refuses it on every other route.
 * A request expecting `100-continue` has its credential checked here all the same: its body is
 * invited only once the credential passed (plugins/transport.ts).
 */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  const trustedOrigins = trustedOriginsOf(deps.config);
  app.decorateRequest('userId', 0);
  app.decorateRequest('learnerDataVersion', '');
  app.decorateRequest('learner', null);
  app.decorateRequest('contentVersion', 0);
  app.decorateRequest('credential', null);
  // A callback hook: on SQLite the credential is checked at once (authenticateNow), where an async
  // hook's promise and turns would be work for nothing on every request (bench/README.md, "Tenth pass").
  app.addHook('onRequest', (request, _reply, done) => {
    let credential: PresentedCredential | undefined;
    try {
      credential = credentialToCheck(request, deps, trustedOrigins);
    } catch (error) {
      done(error as HttpError);
      return;
    }
    if (credential === undefined) {
      done();
      return;
    }
    const known = authenticateNow(deps, credential);
    if (known === undefined) {
      ownerOrRefused(deps, credential).then((owner) => {
        acceptCredentialOwner(request, owner);
        done();
      }, done);
      return;
    }
    if (known === null) {
      done(unauthorized());
      return;
    }
    acceptCredentialOwner(request, known);
    done();
  });
}

/**
 * The credential the auth hook checks for `request`; undefined when none is to be checked there (a
 * public route, an internal one whose secret passed, a route that checksCredential itself). Throws
 * the 401 of a request that presents none or a malformed one, or a wrong internal secret.
 */
function credentialToCheck(request: FastifyRequest, deps: Deps, trustedOrigins: ReadonlySet<string>): PresentedCredential | undefined {
  const config = request.routeOptions.config;
  const mode = config.auth ?? 'user';
  if (mode === 'public' || request.routeOptions.url === undefined) return undefined;
  const bearer = bearerOf(request);
  if (mode === 'internal') {
    const secret = deps.config.internalSecret;
    if (secret === null || typeof bearer !== 'string' || !secretsEqual(bearer, secret)) throw unauthorized();
    return undefined;
  }
  if (bearer === null) throw unauthorized();
  // A cookie rides along with requests a page of another site makes; for writes it counts only
  // when the request comes from the app's own pages (the bearer header cannot be forged that way).
  const cookie = bearer === undefined && !cookieWriteAllowed(request, trustedOrigins) ? undefined : sessionCookieOf(request);
  const credential: PresentedCredential | undefined =
    bearer !== undefined ? { bearer } : cookie !== undefined ? { sessionCookie: cookie } : undefined;
  if (credential === undefined) throw unauthorized();
  if (config.checksCredential === true && request.headers.expect === undefined) {
    request.credential = credential;
    return undefined;
  }
  return credential;
}
