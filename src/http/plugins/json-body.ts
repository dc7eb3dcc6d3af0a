import type { FastifyInstance } from 'fastify';
import { jsonHoldsNul, jsonNestsDeeperThan } from '../../shared/json-text.js';
import { unprocessableError } from '../errors.js';
import { JSON_MAX_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from './input-guard.js';

/**
 * JSON bodies through Fastify's own (prototype-poisoning safe) parser, except that an empty body
 * is no body: optional bodies such as PUT /assignments/{id}/start may arrive empty with a JSON
 * content type. Malformed JSON is a 422. JSON is the only body type: Fastify's text/plain parser
 * is removed, so a text body is refused as a media type rather than reaching a route as a string.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(unprocessableError(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    if (jsonHoldsNul(text)) {
      done(unprocessableError(NUL_MESSAGE), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) done(unprocessableError('The request body is not valid JSON.'), undefined);
      else done(null, value);
    });
  });
}

/**
 * A missing body reads as `{}` (optional bodies, all fields then default), and routes that name a
 * wrapper accept `{<name>: {...}}` as well as the bare object.
 */
export function registerBodyWrapper(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.method !== 'GET') request.body = {};
    const name = request.routeOptions.config.bodyWrapper;
    const body = request.body;
    if (name !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const inner = (body as Record<string, unknown>)[name];
      if (Object.keys(body).length === 1 && inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
        request.body = inner;
      }
    }
    done();
  });
}
