import Type from 'typebox';
import { ReportSchema, Timestamp, errors } from '../../schemas.js';

const TOKEN_MAX_CHARS = 512;

export const SessionReport = ReportSchema(
  Type.Object({ user_id: Type.String({ description: "The learner's UUID" }), expires_at: Timestamp }),
  Type.Literal('session'),
);

export const SignOutReport = ReportSchema(
  Type.Object({ revoked: Type.Integer({ description: '1, or 0 when already gone' }) }),
  Type.Literal('session'),
);

export const linkSchema = {
  tags: ['session'],
  summary: 'Follow a one-time sign-in link (from `study-service login-link <username>`)',
  description:
    'Sets the `svc_session` cookie and redirects (303) to the web app. A link works once and for 15 minutes; an unknown, ' +
    'used or expired link redirects to the sign-in page with `?link=invalid` and sets nothing.',
  querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: TOKEN_MAX_CHARS })) }),
  response: { 303: Type.Null({ description: 'Redirect to the web app' }) },
};

export const exchangeSchema = {
  tags: ['session'],
  summary: 'Sign a browser in with an API token: the token is exchanged for the `svc_session` cookie',
  description:
    'The token is checked and never stored in the browser; the answer carries no token, only the HttpOnly cookie. ' +
    'Refused (401) from a page of another site.',
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: TOKEN_MAX_CHARS }) }),
  response: { 201: SessionReport, ...errors(401, 422) },
};

export const signOutSchema = {
  tags: ['session'],
  summary: "Sign out: revokes the browser's session and clears its cookie",
  response: { 200: SignOutReport, ...errors(401) },
};
