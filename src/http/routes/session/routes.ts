import type { FastifyReply } from 'fastify';
import type { Deps } from '../../../services/deps.js';
import { endSession, exchangeApiToken, redeemLoginLink, type BrowserSession } from '../../../services/sign-in.js';
import type { Urls } from '../../envelopes.js';
import { unauthorized } from '../../errors.js';
import { SESSION_COOKIE, sessionCookieOf } from '../../plugins/auth.js';
import { requestSite, trustedOriginsOf } from '../../plugins/cross-site.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentSession, presentSignOut } from './present.js';
import { exchangeSchema, linkSchema, signOutSchema } from './schema.js';

/** Where the app sends a learner whose sign-in link did not work. */
const INVALID_LINK_PATH = '/sign-in?link=invalid';

/**
 * The web app's doors (see docs/decisions.md, Web sign-in): a one-time link, an API token pasted
 * into the sign-in page, and sign-out. Sessions live only in the HttpOnly `svc_session` cookie.
 */
export function sessionRoutes(deps: Deps, urls: Urls): RoutePlugin {
  const { config } = deps;
  const webApp = config.webAppUrl;
  const trustedOrigins = trustedOriginsOf(config);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: new URL(config.publicBaseUrl).protocol === 'https:',
    ...(config.sessionCookieDomain ? { domain: config.sessionCookieDomain } : {}),
  };
  const setSessionCookie = (reply: FastifyReply, session: BrowserSession) =>
    reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: new Date(session.expiresAt) });

  return async (app) => {
    app.get('/session/link', { schema: linkSchema, config: { auth: 'public' } }, async (request, reply) => {
      const token = request.query.token;
      const session = token === undefined || token === '' ? null : await redeemLoginLink(deps, token);
      if (session === null) return reply.redirect(`${webApp}${INVALID_LINK_PATH}`, 303);
      setSessionCookie(reply, session);
      return reply.redirect(`${webApp}/`, 303);
    });

    app.post('/session', { schema: exchangeSchema, config: { auth: 'public' } }, async (request, reply) => {
      // A page of another site must not sign this browser into someone else's account.
      if (requestSite(request.headers, trustedOrigins) === 'cross') throw unauthorized();
      const session = await exchangeApiToken(deps, request.body.token.trim());
      if (session === null) throw unauthorized();
      setSessionCookie(reply, session);
      reply.code(201);
      return presentSession(urls, session.userUuid, session.expiresAt, deps.clock.now());
    });

    app.delete('/session', { schema: signOutSchema }, async (request, reply) => {
      const cookie = sessionCookieOf(request);
      const revoked = cookie === undefined ? 0 : await endSession(deps, cookie);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return presentSignOut(urls, revoked, deps.clock.now());
    });
  };
}
