import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'safe-stable-stringify';
import { apiRelative } from '../envelopes.js';
import { unprocessableError } from '../errors.js';

/** Visible ASCII, as the IETF draft and the payment APIs that popularised the header use it. */
const KEY = /^[\x21-\x7e]{1,255}$/;
export const INVALID_KEY = 'Idempotency-Key must be 1 to 255 visible ASCII characters.';

/**
 * What makes two requests "the same": method, path and body (keys in any order, the wrapper or
 * the bare object alike, since the body is read after the wrapper is removed).
 */
function fingerprintOf(request: FastifyRequest): string {
  const path = apiRelative(request.url).split('?')[0];
  return createHash('sha256')
    .update(`${request.method} ${path}\n${stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Idempotency-Key on the writes whose route says `idempotent`: the key and the request's
 * fingerprint are handed to the service, which stores the answer with the write and replays it to
 * a retry (see docs/decisions.md, "Idempotency keys"). A replayed answer says so in
 * `Idempotency-Replayed: true`. Other routes ignore the header: they are idempotent already.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', undefined);
  app.addHook('preHandler', (request, _reply, done) => {
    const header = request.headers['idempotency-key'];
    if (header !== undefined && request.routeOptions.config.idempotent) {
      if (typeof header !== 'string' || !KEY.test(header)) throw unprocessableError(INVALID_KEY);
      request.idempotency = { key: header, fingerprint: fingerprintOf(request) };
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.idempotency?.replayed) reply.header('Idempotency-Replayed', 'true');
    done(null, payload);
  });
}
