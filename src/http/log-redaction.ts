import type { FastifyRequest } from 'fastify';

/** Headers whose values never reach a log line. */
export const REDACTED_LOG_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

const REDACTED = '[redacted]';
/** A query key names a secret when, decoded, lower-cased and stripped of separators, it contains one of these. */
const SECRET_KEY = /token|secret|password|passwd|apikey|session|signature/;
/** Percent-decoding rounds tried on a key: a key encoded twice is still recognised. */
const DECODE_ROUNDS = 3;

function decodedKey(raw: string): string {
  let key = raw.replace(/\+/g, ' ');
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(key);
    } catch {
      // A malformed escape: decode the well-formed ones and keep the rest as written.
      next = key.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    }
    if (next === key) break;
    key = next;
  }
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The request URL as logged: the value of every query parameter whose key, once decoded, names a
 * secret (`token`, `%74oken`, `TOKEN`, `access_token`, `Access-Token`, ...) is replaced, so a link's
 * token is never written to a log however the client spelled it.
 */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_KEY.test(decodedKey(key)) ? `${key}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

/** The `req` log serializer: what a request line says, its secrets redacted. */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactedUrl(request.url), host: request.host, remoteAddress: request.ip };
}
