import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../metrics/index.js';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's request id is kept when it is a plain token of reasonable length; anything else is replaced. */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

/** The request's id: the caller's X-Request-Id (a proxy's, a client's) when usable, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER];
  return typeof header === 'string' && REQUEST_ID_SHAPE.test(header) ? header : randomUUID();
}

const DEBUG_LEVELS = ['debug', 'trace'];

/** The error sentence of an API error body, for the debug log of a refused request. */
function reasonOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{"error"')) return undefined;
  try {
    const parsed = JSON.parse(payload) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every response echoes its request id (X-Request-Id), so a client's report can be found in the
 * log; a 4xx's reason is logged at debug (a client's mistake is not the operator's problem at
 * info); with metrics, every response is counted and timed by its route pattern, never its raw
 * path, so ids in paths do not make a series each.
 */
export function registerObservability(app: FastifyInstance, metrics: Metrics | null): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && DEBUG_LEVELS.includes(request.log.level)) {
      request.log.debug({ status, reason: reasonOf(payload) }, 'request refused');
    }
    done(null, payload);
  });
  if (metrics === null) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
