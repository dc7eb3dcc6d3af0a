import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { unsubscribe } from '../../../services/unsubscribe.js';
import { toIso } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import { unauthorized } from '../../errors.js';
import { ReportSchema, Timestamp, errors } from '../../schemas.js';

const TOKEN_MAX_CHARS = 512;
const Token = Type.String({ maxLength: TOKEN_MAX_CHARS, description: 'The HMAC token of the emailed link' });
const Body = Type.Object({ token: Type.Optional(Token) });
const Query = Type.Object({ token: Type.Optional(Token) });

const schema = {
  tags: ['internal'],
  summary: 'Turn nudge emails off with the token of an emailed link (no GET, on purpose: prefetchers must not unsubscribe)',
  description:
    'The token comes in the JSON body `{"token": "..."}` (what the web page posts), or in the query string with any body, ' +
    'which is how mail clients perform one-click unsubscribe (RFC 8058, a form-encoded `List-Unsubscribe=One-Click`).',
  body: Body,
  querystring: Query,
  response: {
    200: ReportSchema(Type.Object({ unsubscribed: Type.Literal(true), unsubscribed_at: Timestamp }), Type.Literal('unsubscribe')),
    ...errors(401, 422),
  },
};

/** POST /unsubscribe: no user credential, the link's HMAC token is the authority. */
export function unsubscribeRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    // Mail clients post the one-click form; it carries nothing but the fixed field (the token is in the URL).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });

    app.post('/unsubscribe', { schema, config: { auth: 'public' } }, async (request) => {
      const token = (request.body as Static<typeof Body>).token ?? (request.query as Static<typeof Query>).token;
      const done = token === undefined ? null : await unsubscribe(deps, token);
      if (done === null) throw unauthorized();
      return report(urls, '/unsubscribe', 'unsubscribe', done.unsubscribedAt, {
        unsubscribed: true,
        unsubscribed_at: toIso(done.unsubscribedAt),
      });
    });
  };
}
