import { mintApiToken, revokeToken } from '../../src/services/credentials.js';
import type { TestApp } from './app.js';

/** A well-formed API token that no account holds. */
export const UNKNOWN_TOKEN = '00000000-0000-4000-8000-000000000000';

/**
 * Every way a learner's credential can fail, as request headers: none, an unknown or malformed
 * bearer, another scheme, a revoked and an expired token of `username`'s account, the token of the
 * account `disabled` (disabled here), a forged session cookie. Moves the clock past the expiry.
 */
export async function refusedCredentials(
  app: TestApp,
  username: string,
  disabled: { username: string; token: string },
): Promise<Record<string, string>[]> {
  const revoked = await mintApiToken(app.deps, username);
  const expiring = await mintApiToken(app.deps, username, { expiresAt: app.clock.now() + 1000 });
  if (!revoked.ok || !expiring.ok) throw new Error('mint failed');
  await revokeToken(app.deps, revoked.value.id);
  await app.deps.db.kysely.updateTable('users').set({ disabled_at: app.clock.now() }).where('username', '=', disabled.username).execute();
  app.clock.advance(1000);
  return [
    {},
    { authorization: `Bearer ${UNKNOWN_TOKEN}` },
    { authorization: 'Bearer not-a-token' },
    { authorization: 'Basic YWxpY2U6c2VjcmV0' },
    { authorization: `Bearer ${revoked.value.token}` },
    { authorization: `Bearer ${expiring.value.token}` },
    { authorization: `Bearer ${disabled.token}` },
    { cookie: 'svc_session=forged' },
  ];
}
