import type { Deps } from '../../../services/deps.js';
import { unsubscribe } from '../../../services/unsubscribe.js';
import type { Urls } from '../../envelopes.js';
import { unauthorized } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentUnsubscribed } from './present.js';
import { unsubscribeSchema } from './schema.js';

/** POST /unsubscribe: no user credential, the link's HMAC token is the authority. */
export function unsubscribeRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    // Mail clients post the one-click form; it carries nothing but the fixed field (the token is in the URL).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });

    app.post('/unsubscribe', { schema: unsubscribeSchema, config: { auth: 'public' } }, async (request) => {
      const token = request.body.token ?? request.query.token;
      const done = token === undefined ? null : await unsubscribe(deps, token);
      if (done === null) throw unauthorized();
      return presentUnsubscribed(urls, done.unsubscribedAt);
    });
  };
}
