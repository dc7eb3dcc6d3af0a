import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, NOT_FOUND_MESSAGE } from '../errors.js';

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
 * (or 401/404), and a 500 never carries internal detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message, code: error.statusCode });
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
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: NOT_FOUND_MESSAGE, code: 404 }));
}
