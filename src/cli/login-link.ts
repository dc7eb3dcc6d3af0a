import type { Config } from '../config/index.js';
import type { Deps } from '../services/deps.js';
import { mintLoginLink } from '../services/sign-in.js';
import { failureMessage, type Result } from '../shared/result.js';
import { withDeps, type Io } from './context.js';

/** The address a sign-in link token opens: the API's link route, which sets the cookie and redirects into the app. */
export function loginLinkUrl(config: Pick<Config, 'publicBaseUrl'>, token: string): string {
  return `${config.publicBaseUrl}/session/link?token=${encodeURIComponent(token)}`;
}

/** Mints a one-time sign-in link for a learner (used by `login-link` and the first start's demo account). */
export async function newLoginLink(deps: Deps, username: string): Promise<Result<string>> {
  const minted = await mintLoginLink(deps, username);
  return minted.ok ? { ok: true, value: loginLinkUrl(deps.config, minted.value.token) } : minted;
}

/** `login-link <username>`: prints a sign-in link to the web app (single use, 15 minutes). */
export async function loginLinkCommand(io: Io, username: string): Promise<number> {
  return withDeps(async (deps) => {
    const link = await newLoginLink(deps, username);
    if (!link.ok) {
      io.err(failureMessage(link.failure));
      return 1;
    }
    io.out(link.value);
    return 0;
  });
}
