import type { FastifyRequest } from 'fastify';

/** Where a browser request comes from, as far as its headers tell. */
export type RequestSite = 'same' | 'cross' | 'unknown';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWriteMethod(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

/**
 * Classifies a request by `Origin` (sent by browsers on every write) or, failing that,
 * `Sec-Fetch-Site`. An origin is the app's own when it is one of `trustedOrigins` (the web app's,
 * the API's and the credentialed CORS origins) or names the very host the request was sent to (the
 * same server reached as localhost or by its address): a page of another site cannot set either
 * header. Requests from tools carry neither and read as 'unknown'.
 */
export function requestSite(
  headers: { origin?: string | undefined; 'sec-fetch-site'?: string | string[] | undefined; host?: string | undefined },
  trustedOrigins: ReadonlySet<string>,
): RequestSite {
  const origin = headers.origin;
  if (origin !== undefined) {
    if (trustedOrigins.has(origin)) return 'same';
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      // "null" (sandboxed frames, some redirects) and junk are foreign
    }
    return host !== null && host === headers.host ? 'same' : 'cross';
  }
  const site = headers['sec-fetch-site'];
  if (site === undefined) return 'unknown';
  return site === 'same-origin' ? 'same' : 'cross';
}

export function trustedOriginsOf(config: {
  publicBaseUrl: string;
  webAppUrl: string;
  corsCredentialedOrigins: readonly string[];
}): Set<string> {
  return new Set([new URL(config.publicBaseUrl).origin, new URL(config.webAppUrl).origin, ...config.corsCredentialedOrigins]);
}

/** Whether a write authenticated by the session cookie may proceed: only from the app's own pages (see docs/decisions.md, Cross-site writes). */
export function cookieWriteAllowed(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  return !isWriteMethod(request.method) || requestSite(request.headers, trustedOrigins) === 'same';
}
