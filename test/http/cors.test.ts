import { expect, it } from 'vitest';
import { describeEachEngine, INTERNAL_SECRET } from '../support/app.js';
import { createLearner } from '../support/factories.js';

const APP_ORIGIN = 'https://app.example.org';
const EXPOSED =
  'ETag, Last-Modified, Compat-Revision, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotency-Replayed';

describeEachEngine(
  'Browser clients on other origins (CORS)',
  (t) => {
    it('answers a preflight with 204 before authentication, allowing the API’s methods and headers for a day', async () => {
      const app = t();
      const res = await app.request({
        method: 'OPTIONS',
        url: '/api/v1/reviews',
        headers: {
          origin: 'https://client.example.net',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, DELETE');
      expect(res.headers['access-control-allow-headers']).toBe(
        'Authorization, Content-Type, If-None-Match, If-Modified-Since, Wanikani-Revision, Idempotency-Key',
      );
      expect(res.headers['access-control-max-age']).toBe('86400');
      // Preflights of any path, even one that does not exist, and a bare OPTIONS too.
      expect(
        (await app.request({ method: 'OPTIONS', url: '/api/v1/user/../nowhere', headers: { origin: 'https://x.test' } })).statusCode,
      ).toBe(204);
      expect((await app.request({ method: 'OPTIONS', url: '/api/v1/user' })).statusCode).toBe(204);
    });

    it('lets any origin read responses, errors included, and exposes the validators and rate-limit headers', async () => {
      const app = t();
      const { token } = await createLearner(app.deps);
      const origin = { origin: 'https://client.example.net' };
      for (const res of [
        await app.get('/api/v1/user', token, origin),
        await app.get('/api/v1/user', undefined, origin),
        await app.get('/api/v1/nowhere', token, origin),
        await app.put('/api/v1/user', token, { timezone: 'Nowhere/Else' }),
      ]) {
        expect(res.headers['access-control-allow-origin'], `${res.statusCode}`).toBe('*');
        expect(res.headers['access-control-expose-headers']).toBe(EXPOSED);
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
    });

    it('allows cookie-credentialed calls only from the listed origins', async () => {
      const app = t();
      const { token } = await createLearner(app.deps);
      const listed = await app.get('/api/v1/user', token, { origin: APP_ORIGIN });
      expect(listed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(listed.headers['access-control-allow-credentials']).toBe('true');
      expect(String(listed.headers.vary)).toMatch(/Origin/);
      const preflight = await app.request({
        method: 'OPTIONS',
        url: '/api/v1/user',
        headers: { origin: APP_ORIGIN, 'access-control-request-method': 'PUT' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const other = await app.get('/api/v1/user', token, { origin: 'https://app.example.org.evil.test' });
      expect(other.headers['access-control-allow-origin']).toBe('*');
      expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('marks every API response private, to be revalidated (Cache-Control: private, no-cache)', async () => {
      const app = t();
      const { token } = await createLearner(app.deps);
      const first = await app.get('/api/v1/user', token);
      for (const res of [
        first,
        await app.get('/api/v1/user', token, { 'if-none-match': first.headers.etag as string }),
        await app.get('/api/v1/about'),
        await app.put('/api/v1/user', token, { timezone: 'UTC' }),
        await app.get('/api/v1/user'),
        await app.get('/api/v1/subjects/0', token),
        await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'zoe' }),
      ]) {
        expect(res.headers['cache-control'], `${res.statusCode}`).toBe('private, no-cache');
      }
    });

    it('matches API tokens (UUIDs) in any letter case, session tokens only exactly', async () => {
      const app = t();
      const { token } = await createLearner(app.deps);
      expect(token).toBe(token.toLowerCase());
      expect((await app.get('/api/v1/user', token.toUpperCase())).statusCode).toBe(200);
      expect(
        (await app.request({ url: '/api/v1/user', headers: { authorization: `Token token=${token.toUpperCase()}` } })).statusCode,
      ).toBe(200);
      const session = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
      expect((await app.get('/api/v1/user', session)).statusCode).toBe(200);
      const flipped = [...session].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
      expect((await app.get('/api/v1/user', flipped)).statusCode).toBe(401);
    });
  },
  { CORS_CREDENTIALED_ORIGINS: APP_ORIGIN },
);
