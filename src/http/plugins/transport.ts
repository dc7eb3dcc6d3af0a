import type { FastifyInstance } from 'fastify';

/**
 * HTTP details below the API, so that every answer is the API's own and no connection is held open
 * for a body nobody will read:
 *
 * - `Expect: 100-continue`: the interim 100 is sent only when a handler is about to read the body,
 *   so a request answered before that (401, 404, a wrong content type) never has its body sent.
 * - Any other expectation is ignored and the request served as usual, rather than Node's bare 417
 *   without the API's body and headers (RFC 9110 allows either).
 * - An answer decided before the body was read closes the connection: the body is not read (a
 *   50 MB upload to a 401 costs the server nothing), and the client is not left writing into a
 *   connection that will never read it.
 */
export function registerTransport(app: FastifyInstance): void {
  const serve = app.routing.bind(app);
  app.server.on('checkExpectation', serve);
  app.server.on('checkContinue', serve);

  // Invite the body only once it will be read: the credential passed, and it is JSON within the limit.
  app.addHook('preParsing', (request, reply, payload, done) => {
    const { expect, 'content-type': type, 'content-length': length } = request.headers;
    const invited =
      expect !== undefined &&
      /^100-continue$/i.test(expect) &&
      type !== undefined &&
      /^application\/json\s*(;|$)/i.test(type) &&
      (length === undefined || Number(length) <= request.routeOptions.bodyLimit);
    if (invited && request.raw.complete === false) reply.raw.writeContinue();
    done(null, payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false && !reply.raw.headersSent) reply.header('Connection', 'close');
    done(null, payload);
  });
}
