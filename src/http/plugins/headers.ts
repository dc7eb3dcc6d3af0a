import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../shared/clock.js';
import { toHttpDate, parseHttpDate, SECOND_MS } from '../../shared/time.js';
import { etagOf } from '../prepared-pages.js';

/** The reference API revision whose bodies these are. */
export const COMPAT_REVISION = '20170710';
/** Every API response: private to the learner, and revalidated before each reuse. */
export const API_CACHE_CONTROL = 'private, no-cache';
/** Advertised, advisory rate limit: no counter is kept and no 429 is ever returned. */
export const ADVERTISED_RATE_LIMIT = 60;
const RATE_WINDOW_MS = 60 * SECOND_MS;

function matchesIfNoneMatch(header: string, etag: string): boolean {
  return header.trim() === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Last-Modified of data changed at `updatedAt` (ms): rounded up to the whole second an HTTP date
 * can say, so a client echoing it in If-Modified-Since holds every change it names.
 */
function lastModifiedOf(updatedAt: number): number {
  return Math.ceil(updatedAt / SECOND_MS) * SECOND_MS;
}

/**
 * If-Modified-Since matches only when the data, at millisecond precision, is at or before the
 * header's instant: a copy older by milliseconds within the same second (a watermark truncated to
 * the second) never gets a 304 that hides the change.
 */
function unmodifiedSince(updatedAt: number, since: number): boolean {
  return updatedAt <= since;
}

/**
 * Headers of every response, and conditional requests on the cacheable endpoints: a strong ETag of
 * the exact body (so any change to a row in the result changes it), Last-Modified from
 * data_updated_at, If-None-Match first, then If-Modified-Since (see docs/decisions.md,
 * "Conditional requests").
 */
export function registerResponseHeaders(app: FastifyInstance, clock: Clock): void {
  app.decorateReply('dataUpdatedAt', null);
  app.decorateReply('preparedEtag', null);

  // A callback hook rather than an async one: every response passes here, and the promise and
  // microtask of an async hook per response were work for nothing (bench/README.md, "Fifth pass").
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, withApiHeaders(request, reply, payload, clock));
  });
}

/** The payload to send, with the API's headers set; a conditional GET that matches answers 304 with no body. */
function withApiHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown, clock: Clock): unknown {
  const config = request.routeOptions.config;
  if (config.web === true) return payload;
  reply.header('Compat-Revision', COMPAT_REVISION);
  reply.header('Content-Type', 'application/json; charset=utf-8');
  // A learner's data is never stored by a shared cache; clients revalidate with the validators.
  reply.header('Cache-Control', API_CACHE_CONTROL);

  const cacheable = config.cacheable;
  // A prepared page (prepared-pages.ts) comes as bytes with its ETag; anything else as JSON text.
  const prepared = reply.preparedEtag;
  const eligible = prepared === null ? typeof payload === 'string' : Buffer.isBuffer(payload);
  if (!cacheable || request.method !== 'GET' || reply.statusCode !== 200 || !eligible) return payload;

  const now = clock.now();
  reply.header('RateLimit-Limit', String(ADVERTISED_RATE_LIMIT));
  reply.header('RateLimit-Remaining', String(ADVERTISED_RATE_LIMIT));
  reply.header('RateLimit-Reset', String(Math.ceil(((Math.floor(now / RATE_WINDOW_MS) + 1) * RATE_WINDOW_MS) / SECOND_MS)));

  // Encoded once: the same bytes are hashed for the ETag and sent.
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload as string);
  const etag = prepared ?? etagOf(body);
  reply.header('ETag', etag);
  const updatedAt = reply.dataUpdatedAt;
  if (updatedAt !== null) reply.header('Last-Modified', toHttpDate(lastModifiedOf(updatedAt)));
  if (cacheable === 'never-match') return body;

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  let notModified = false;
  if (ifNoneMatch !== undefined) {
    notModified = matchesIfNoneMatch(ifNoneMatch, etag);
  } else if (ifModifiedSince !== undefined && updatedAt !== null) {
    const since = parseHttpDate(ifModifiedSince);
    notModified = since !== null && unmodifiedSince(updatedAt, since);
  }
  if (!notModified) return body;
  reply.code(304);
  reply.removeHeader('Content-Length');
  reply.removeHeader('Content-Encoding');
  return '';
}
