import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusyError } from '../../shared/busy.js';
import { IdempotencyKeyReused } from '../../shared/idempotency.js';
import { HttpError, NOT_FOUND_MESSAGE } from '../errors.js';
import { COMPAT_REVISION } from './headers.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A readable sentence from a schema violation, e.g. "incorrect_meaning_answers must be >= 0." */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return 'The request is invalid.';
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params?.missingProperty ?? (issue.params?.requiredProperties as string[] | undefined)?.[0];
  if (missing !== undefined) return `${path ? `${path}.` : ''}${String(missing)} is required.`;
  const additional = issue.params?.additionalProperty;
  if (additional !== undefined) return `${path ? `${path}.` : ''}${String(additional)} is not a known field.`;
  const subject = path || (context === 'body' ? 'The body' : (context ?? 'The request'));
  return `${subject} ${issue.message ?? 'is invalid'}.`;
}

/**
 * One error vocabulary: every error is {error, code} with code = status; client mistakes are 422
 * (or 401/404), a server too busy to take the request on in time is a 503 with Retry-After (nothing
 * was written), and a 500 never carries internal detail.
 */
export function registerErrorHandling(app: FastifyInstance, checkCredential: (request: FastifyRequest) => Promise<void>): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A route that checks its credential itself may fail before it has (plugins/auth.ts): the
    // credential is checked first, so a bad one is a 401 whatever else was wrong with the request.
    if (request.credential === null) return answerError(error, request, reply);
    return checkCredential(request).then(
      () => answerError(error, request, reply),
      (refused: FastifyError) => answerError(refused, request, reply),
    );
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: NOT_FOUND_MESSAGE, code: 404 }));
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({ error: error.message, code: error.statusCode });
  }
  if (error instanceof IdempotencyKeyReused) return reply.code(422).send({ error: error.message, code: 422 });
  if (error instanceof BusyError) {
    request.log.warn({ reason: error.message }, 'request refused: busy');
    reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply.code(503).send({ error: error.message, code: 503 });
  }
  if (error.validation) {
    const message = describeValidation(error.validationContext, error.validation as ValidationIssue[]);
    return reply.code(422).send({ error: message, code: 422 });
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return reply.code(404).send({ error: NOT_FOUND_MESSAGE, code: 404 });
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Write bodies must be JSON with Content-Type: application/json.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : 'The request body is not valid JSON.';
    return reply.code(422).send({ error: message, code: 422 });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'Internal server error.', code: 500 });
}

/**
 * Errors Fastify raises while routing, before any handler or hook: a path that is not valid
 * percent-encoding, or a path parameter longer than the router accepts. Such a path names no
 * resource, so it is the usual 404 rather than Fastify's own 400/414 body. The reply skips the
 * onSend hooks, so the headers of every response are set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const routing = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (!routing) request.log.error({ err: error }, 'request failed');
  reply
    .code(routing ? 404 : 500)
    .header('Compat-Revision', COMPAT_REVISION)
    .header('Content-Type', 'application/json; charset=utf-8')
    .send(JSON.stringify(routing ? { error: NOT_FOUND_MESSAGE, code: 404 } : { error: 'Internal server error.', code: 500 }));
}

/**
 * Requests Node refuses before Fastify parses them (request line and headers over 16 KB, malformed
 * HTTP, a client too slow to send them). The status stays the transport's, but the body and headers
 * are the API's, like every other answer.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request line and headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: message, code: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nCompat-Revision: ${COMPAT_REVISION}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
