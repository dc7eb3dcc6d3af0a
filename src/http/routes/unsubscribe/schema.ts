import Type from 'typebox';
import { ReportSchema, Timestamp, errors } from '../../schemas.js';

const TOKEN_MAX_CHARS = 512;
const Token = Type.String({ maxLength: TOKEN_MAX_CHARS, description: 'The HMAC token of the emailed link' });

export const UnsubscribeReport = ReportSchema(
  Type.Object({ unsubscribed: Type.Literal(true), unsubscribed_at: Timestamp }),
  Type.Literal('unsubscribe'),
);

export const unsubscribeSchema = {
  tags: ['internal'],
  summary: 'Turn nudge emails off with the token of an emailed link (no GET, on purpose: prefetchers must not unsubscribe)',
  description:
    'The token comes in the JSON body `{"token": "..."}` (what the web page posts), or in the query string with any body, ' +
    'which is how mail clients perform one-click unsubscribe (RFC 8058, a form-encoded `List-Unsubscribe=One-Click`).',
  body: Type.Object({ token: Type.Optional(Token) }),
  querystring: Type.Object({ token: Type.Optional(Token) }),
  response: { 200: UnsubscribeReport, ...errors(401, 422) },
};
