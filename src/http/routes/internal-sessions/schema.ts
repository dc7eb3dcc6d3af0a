import Type from 'typebox';
import { errors } from '../../schemas.js';

const MintBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
});
const RevokeBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });

export const SessionBody = Type.Object({
  object: Type.Literal('session'),
  data: Type.Object({ token: Type.String(), user_id: Type.String(), expires_at: Type.String() }),
});

export const mintSchema = {
  tags: ['internal'],
  summary: 'Mint a session for a portal user (shared secret)',
  body: MintBody,
  response: { 201: SessionBody, ...errors(401, 422) },
};

export const revokeSchema = {
  tags: ['internal'],
  summary: 'Revoke a session (shared secret)',
  body: RevokeBody,
  response: { 200: Type.Object({ object: Type.Literal('session'), data: Type.Object({ revoked: Type.Integer() }) }), ...errors(401, 422) },
};
