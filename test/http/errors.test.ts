import { connect as connectSocket } from 'node:net';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { describeEachEngine } from '../support/app.js';
import { expectError } from '../support/errors.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { parseRawResponse, rawExchange, type RawExchange } from '../support/socket.js';

const NOT_FOUND = { error: 'Not found', code: 404 };
const NOT_JSON = { error: 'Write bodies must be JSON with Content-Type: application/json.', code: 422 };

describeEachEngine('Errors', (t) => {
  it('answers 404 "Not found" for an unknown route, or another version (the root is the web app’s)', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    for (const path of ['/api/v1/nope', '/api/v1/subjects/1/nope', '/api/v2/subjects', '/api', '/api/v1']) {
      expectError(await get(path, token), 404, NOT_FOUND);
    }
  });

  it('answers 404 for a method a route does not export (GET on a POST-only route, POST on a GET-only one)', async () => {
    const { deps, request } = t();
    const { token } = await createLearner(deps);
    expectError(await request({ method: 'GET', url: '/api/v1/internal/sessions', token }), 404, NOT_FOUND);
    expectError(await request({ method: 'POST', url: '/api/v1/subjects', token, payload: {} }), 404, NOT_FOUND);
    expectError(await request({ method: 'DELETE', url: '/api/v1/user', token }), 404, NOT_FOUND);
  });

  it('answers 404, in the same vocabulary, for a path that is not a valid URL or a path id that is far too long', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, [radical(1, 1)]);
    const { token } = await createLearner(deps);
    expectError(await get('/api/v1/subjects/%zz', token), 404, NOT_FOUND);
    expectError(await get('/api/v1/subj%E0%A4%A', token), 404, NOT_FOUND);
    expectError(await get(`/api/v1/subjects/${'1'.repeat(200)}`, token), 404, NOT_FOUND);
    expectError(await get('/api/v1/subjects/-1', token), 404, NOT_FOUND);
    expectError(await get('/api/v1/subjects/1.5', token), 404, NOT_FOUND);
  });

  it('treats a malformed escape in a query key as an unknown filter, not a 500', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, [radical(1, 1)]);
    const { token } = await createLearner(deps);
    const res = await get('/api/v1/subjects?%zz=1&types=radical', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: 'http://study.test/api/v1/subjects?%zz=1&types=radical', total_count: 1 });
    expect((await get('/api/v1/subjects?ids=%zz', token)).statusCode).toBe(422);
  });

  it('answers requests Node refuses (oversized, not HTTP) in the same vocabulary, over a real socket', async () => {
    const app = await buildApp(t().deps);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as { port: number };
      const long = await fetch(`http://127.0.0.1:${port}/api/v1/subjects?ids=${'1,'.repeat(10_000)}1`);
      expect(long.status).toBe(431);
      expect(long.headers.get('compat-revision')).toBe('20170710');
      expect(long.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await long.json()).toEqual({ error: 'The request line and headers are too large.', code: 431 });

      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connectSocket(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(raw).toContain('\r\nCompat-Revision: 20170710\r\n');
      expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: 'The request is not valid HTTP.', code: 400 }));
    } finally {
      await app.close();
    }
  });

  it('answers 408 in the same vocabulary to a client too slow with its headers or its body, over a real socket', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    const server = await buildApp(app.deps);
    // The production limits (http/timeouts.ts) are tens of seconds; the same mechanism, shortened.
    server.server.headersTimeout = 300;
    server.server.requestTimeout = 600;
    Object.assign(server.server, { connectionsCheckingInterval: 50 });
    try {
      await server.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.server.address() as { port: number };
      const expect408 = (exchange: RawExchange) => {
        expect(exchange.closedByServer).toBe(true);
        const answer = parseRawResponse(exchange.received);
        expect(answer.status).toBe(408);
        expect(answer.headers['compat-revision']).toBe('20170710');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers.connection).toBe('close');
        expect(JSON.parse(answer.body)).toEqual({ error: 'The request took too long to arrive.', code: 408 });
      };
      // Headers that never finish (slow loris).
      expect408(await rawExchange(port, `GET /api/v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n`));
      // Headers complete and accepted, then a body that stops after 5 of its 60 bytes.
      expect408(
        await rawExchange(
          port,
          `PUT /api/v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"use`,
        ),
      );
    } finally {
      await server.close();
    }
  });

  it('answers 422 for a malformed JSON body', async () => {
    const { deps, request } = t();
    const { token } = await createLearner(deps);
    for (const payload of ['{"timezone":', '{timezone: "UTC"}', 'nul', '{"a":1}}']) {
      const res = await request({ method: 'PUT', url: '/api/v1/user', token, headers: { 'content-type': 'application/json' }, payload });
      expectError(res, 422, { error: 'The request body is not valid JSON.', code: 422 });
    }
  });

  it('answers 422 for a write body that is not JSON, whatever its content type, and changes nothing', async () => {
    const { deps, get, request } = t();
    const { token } = await createLearner(deps);
    const json = '{"timezone":"Asia/Manila"}';
    for (const contentType of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await request({ method: 'PUT', url: '/api/v1/user', token, headers: { 'content-type': contentType }, payload: json });
      expectError(res, 422, NOT_JSON);
    }
    const noType = await request({ method: 'PUT', url: '/api/v1/user', token, payload: Buffer.from(json) });
    expectError(noType, 422, NOT_JSON);
    expect((await get('/api/v1/user', token)).json()).toMatchObject({ data: { timezone: null } });
  });

  it('accepts JSON with a charset parameter', async () => {
    const { deps, request } = t();
    const { token } = await createLearner(deps);
    const res = await request({
      method: 'PUT',
      url: '/api/v1/user',
      token,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"timezone":"Asia/Manila"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { timezone: 'Asia/Manila' } });
  });

  it('answers 422 for a body over the size limit', async () => {
    const { deps, request } = t();
    const { token } = await createLearner(deps);
    const payload = JSON.stringify({ preferences: { note: 'x'.repeat(300 * 1024) } });
    const res = await request({ method: 'PUT', url: '/api/v1/user', token, headers: { 'content-type': 'application/json' }, payload });
    expectError(res, 422, { error: 'The request body is too large.', code: 422 });
  });

  it('answers 422 with a readable sentence for a schema violation', async () => {
    const { deps, put } = t();
    const { token } = await createLearner(deps);
    expectError(await put('/api/v1/user', token, { timezone: 5 }), 422, { error: 'timezone must be string.', code: 422 });
    expectError(await put('/api/v1/user', token, { preferences: [1] }), 422, { error: 'preferences must be object.', code: 422 });
    expectError(await put('/api/v1/user', token, [1]), 422, { error: 'The body must be object.', code: 422 });
  });

  it('answers 500 without internals when the database fails, and logs the cause', async () => {
    const { deps, testDb } = t();
    await createLearner(deps);
    const logged: string[] = [];
    // A dedicated app on its own connection to the same database, then that connection is closed
    // (before it ever ran a query: close must still close).
    const broken = connect(testDb.databaseUrl, testDb.pgSchema ? { pgSchema: testDb.pgSchema } : {});
    const app = await buildApp(
      { ...deps, db: broken },
      { logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } },
    );
    try {
      await broken.close();
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/subjects',
        headers: { authorization: 'Bearer 00000000-0000-4000-8000-000000000000' },
      });
      expectError(res, 500, { error: 'Internal server error.', code: 500 });
      expect(res.body).not.toMatch(/select|sqlite|pool|stack|at /i);
      expect(logged.join('\n')).toMatch(/request failed/);
    } finally {
      await app.close();
    }
  });
});
