import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { expect, it } from 'vitest';
import { describeEachEngine, INTERNAL_SECRET } from '../support/app.js';
import { expectError } from '../support/errors.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { httpAnswer, parseRawResponse, rawExchange, withListeningApp } from '../support/socket.js';
import { learnerStarting } from '../support/study.js';

const NUL = { error: 'Text must not contain the character U+0000.', code: 422 };
const TOO_DEEP = { error: 'The request body nests arrays and objects more than 64 levels deep.', code: 422 };
const ANSWERS = { incorrect_meaning_answers: 0, incorrect_reading_answers: 0 };

/** `{"a":{"a":...1...}}`, `levels` objects deep. */
function nested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

describeEachEngine('Input the storage cannot hold', (t) => {
  it('ids beyond the 32-bit columns in a body name nothing: 404 or 422 as the contract says, never a database error', async () => {
    const app = t();
    const token = await learnerStarting(app, [radical(1, 1)], [1]);
    for (const body of [
      { assignment_id: 2147483648 },
      { subject_id: 2147483648 },
      { subject_id: 1e300 },
      { assignment_id: 9007199254740993 },
    ]) {
      expectError(await app.post('/api/v1/reviews', token, { ...body, ...ANSWERS }), 404);
    }
    for (const subject_id of [2147483648, 1e300]) {
      expectError(await app.post('/api/v1/study_materials', token, { subject_id }), 422, { error: 'Subject not found.', code: 422 });
    }
    expectError(await app.post('/api/v1/study', token, { kind: 'recent_lessons', assignment_id: 2147483648 }), 422);
    expectError(await app.post('/api/v1/burn_manager', token, { action: 'resurrect', subject_ids: [1e300] }), 422);
    expectError(await app.put('/api/v1/study_materials/2147483648', token, { meaning_note: 'x' }), 404);
    expectError(await app.put('/api/v1/assignments/2147483648/start', token, {}), 404);
    // Ids outside the tranche are ignored, not rejected: these are outside every tranche.
    const advanced = await app.post('/api/v1/advance', token, { subject_ids: [2147483648, 1e300] });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json().data.unlocked).toBe(0);
    expectError(await app.get('/api/v1/heat_map?offset=99999999999999999999', token), 422);
    expectError(await app.get('/api/v1/search?q=radical&limit=99999999999999999999', token), 422);
    // Nothing moved.
    expect((await app.get('/api/v1/assignments', token)).json().data[0].data.srs_stage).toBe(1);
  });

  it('U+0000 in a query, a path or any text of a body is a 422 on both engines, and nothing is written', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    for (const path of [
      '/api/v1/search?q=a%00b',
      '/api/v1/subjects?slugs=a%00b',
      '/api/v1/subjects?types=radical&%00=1',
      '/api/v1/assignments?updated_after=2026-01-01%00',
      '/api/v1/study?kind=recent_lessons%00',
      '/api/v1/subjects/1%00',
    ]) {
      expectError(await app.get(path, token), 422, NUL);
    }
    const writes: [string, string, unknown][] = [
      ['POST', '/api/v1/study_materials', { subject_id: 1, meaning_note: 'a\u0000b' }],
      ['POST', '/api/v1/study_materials', { subject_id: 1, meaning_synonyms: ['ok', '\u0000'] }],
      ['PUT', '/api/v1/user', { timezone: 'UTC\u0000' }],
      ['PUT', '/api/v1/user', { preferences: { 'custom\u0000key': 1 } }],
      ['PUT', '/api/v1/user', { preferences: { deep: [{ x: 'a\u0000' }] } }],
      ['POST', '/api/v1/push_tokens', { token: 'ExponentPushToken[a\u0000]' }],
    ];
    for (const [method, url, payload] of writes) {
      expectError(await app.request({ method: method as 'POST', url, token, payload: payload as object }), 422, NUL);
    }
    const session = await app.request({
      method: 'POST',
      url: '/api/v1/internal/sessions',
      token: INTERNAL_SECRET,
      payload: { username: 'newcomer', email: 'a\u0000@example.org' },
    });
    expectError(session, 422, NUL);
    expectError(await app.request({ method: 'POST', url: '/api/v1/unsubscribe?token=a%00b' }), 422, NUL);
    expect((await app.get('/api/v1/study_materials', token)).json().total_count).toBe(0);
    expect((await app.get('/api/v1/user', token)).json().data.preferences).not.toHaveProperty('deep');

    // A credential is checked first: a stranger learns nothing about the body.
    expectError(await app.request({ method: 'PUT', url: '/api/v1/user', payload: { timezone: '\u0000' } }), 401);
    // An escaped backslash before "u0000" is an ordinary backslash, not U+0000.
    const literal = await app.request({
      method: 'POST',
      url: '/api/v1/study_materials',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"subject_id":1,"meaning_note":"C:\\\\u0000"}',
    });
    expect(literal.statusCode).toBe(201);
    expect(literal.json().data.meaning_note).toBe('C:\\u0000');
  });

  it('JSON nested beyond 64 levels is a 422 decided on the text; 64 levels and brackets inside strings are fine', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    const put = (payload: string) =>
      app.request({ method: 'PUT', url: '/api/v1/user', token, headers: { 'content-type': 'application/json' }, payload });
    for (const levels of [64, 4_100, 40_000]) {
      expectError(await put(`{"preferences":${nested(levels)}}`), 422, TOO_DEEP);
    }
    expectError(await put(`[${'['.repeat(200_000)}`), 422, TOO_DEEP);
    expect((await put(`{"preferences":${nested(63)}}`)).statusCode).toBe(200);
    expect((await put(`{"preferences":{"brackets":"${'[{'.repeat(1000)}"}}`)).statusCode).toBe(200);
    const user = await app.get('/api/v1/user', token);
    expect(user.statusCode).toBe(200);
    expect(user.json().data.preferences.brackets).toHaveLength(2000);
  });
});

describeEachEngine('HTTP below the API', (t) => {
  it('ignores an unknown Expect and answers as usual, in the API vocabulary', async () => {
    const { deps } = t();
    const { token } = await createLearner(deps);
    await withListeningApp(deps, async (port) => {
      const ok = await httpAnswer(port, { path: '/api/v1/user', headers: { authorization: `Bearer ${token}`, expect: 'foo' } });
      expect(ok.status).toBe(200);
      expect(ok.headers['compat-revision']).toBe('20170710');
      const missing = await httpAnswer(port, { path: '/api/v1/nope', headers: { authorization: `Bearer ${token}`, expect: 'bar=1' } });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(missing.body)).toEqual({ error: 'Not found', code: 404 });
    });
  });

  it('Expect: 100-continue invites the body only once the credential passed; a 401 is answered without it', async () => {
    const { deps } = t();
    const { token } = await createLearner(deps);
    const body = '{"timezone":"Asia/Tokyo"}';
    const head = (auth: string) =>
      `PUT /api/v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`;
    await withListeningApp(deps, async (port) => {
      const refused = await rawExchange(port, head('00000000-0000-4000-8000-000000000000'), { waitMs: 3000 });
      expect(refused.received).not.toContain('100 Continue');
      const answer = parseRawResponse(refused.received);
      expect(answer.status).toBe(401);
      expect(answer.headers['compat-revision']).toBe('20170710');
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ error: 'Unauthorized. Provide a valid API token.', code: 401 });
      expect(refused.closedByServer).toBe(true);

      const accepted = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          port,
          host: '127.0.0.1',
          method: 'PUT',
          path: '/api/v1/user',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', expect: '100-continue' },
        });
        req.on('continue', () => req.end(body));
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
      });
      expect(accepted).toBe(200);
    });
  });

  it('does not read a body past the answer: a 50 MB upload refused with 401 or for its content type costs a few hundred KB', async () => {
    const { deps } = t();
    const { token } = await createLearner(deps);
    const total = 50 * 1024 * 1024;
    await withListeningApp(deps, async (port, app) => {
      for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'text/plain', authorization: `Bearer ${token}` }]) {
        const sockets: Socket[] = [];
        const track = (socket: Socket) => sockets.push(socket);
        app.server.on('connection', track);
        const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
          const req = httpRequest({
            port,
            host: '127.0.0.1',
            method: 'PUT',
            path: '/api/v1/user',
            headers: { ...headers, 'content-length': total },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
          });
          req.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
          });
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          let sent = 0;
          const pump = () => {
            while (sent < total) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            req.end();
          };
          pump();
        });
        app.server.off('connection', track);
        expect(answer.status).toBe(headers.authorization ? 422 : 401);
        expect(answer.connection).toBe('close');
        expect(JSON.parse(answer.body)).toHaveProperty('code', answer.status);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const read = sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
        expect(read).toBeLessThan(5 * 1024 * 1024);
        expect(sockets.every((socket) => socket.destroyed)).toBe(true);
      }
    });
  });
});
