import type { FastifyInstance } from 'fastify';
import { holdsNul } from '../../shared/json-text.js';
import { unprocessableError } from '../errors.js';

/**
 * Arrays and objects may nest this deep in a JSON body. The API's own bodies need three levels;
 * preferences may hold a client's own structures, and 64 levels leave them room while keeping every
 * recursive step (validation, merging, serialising) far from the stack's limit.
 */
export const JSON_MAX_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body nests arrays and objects more than ${JSON_MAX_DEPTH} levels deep.`;
/**
 * U+0000 is refused in every text the API accepts, on both engines alike: PostgreSQL cannot store it
 * in text at all, and no name, note, reading or token legitimately holds it.
 */
export const NUL_MESSAGE = 'Text must not contain the character U+0000.';

/** Whether a key or a text value (or a text in an array value) of `values` holds U+0000. */
function anyHoldsNul(values: unknown): boolean {
  if (values === undefined || values === null || typeof values !== 'object') return false;
  // A loop, not Object.entries: every request passes here three times, mostly with empty objects.
  for (const key in values) {
    if (!Object.hasOwn(values, key)) continue;
    const value = (values as Record<string, unknown>)[key];
    if (
      holdsNul(key) ||
      (typeof value === 'string' ? holdsNul(value) : Array.isArray(value) && value.some((v) => typeof v === 'string' && holdsNul(v)))
    )
      return true;
  }
  return false;
}

/**
 * U+0000 in a decoded query string, a path parameter or a form field is a 422 on every route,
 * decided after the credential (a stranger learns nothing) and before any handler or query. JSON
 * bodies are checked on their text, at any depth, by the body parser (plugins/json-body.ts).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const held = anyHoldsNul(request.query) || anyHoldsNul(request.params) || anyHoldsNul(request.body);
    done(held ? unprocessableError(NUL_MESSAGE) : undefined);
  });
}
