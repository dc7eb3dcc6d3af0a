import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { REDACTED_LOG_PATHS, redactedUrl, serializeRequestForLog } from '../../src/http/log-redaction.js';
import { describeEachEngine } from '../support/app.js';

const SECRET = 'c2VjcmV0LXRva2VuLXZhbHVl';

describe('redactedUrl', () => {
  it('redacts the value of any spelling or encoding of a secret key, and nothing else', () => {
    for (const key of [
      'token',
      'TOKEN',
      '%74oken',
      '%74%6F%6B%65%6E',
      'to%6ben',
      '%2574oken',
      'access_token',
      'Access-Token',
      'access%5Ftoken',
      'api+token',
      'secret',
      'password',
    ]) {
      expect(redactedUrl(`/api/v1/unsubscribe?a=1&${key}=${SECRET}&b=2`), key).toBe(`/api/v1/unsubscribe?a=1&${key}=[redacted]&b=2`);
    }
    expect(redactedUrl(`/x?token=${SECRET}&token=${SECRET}`)).toBe('/x?token=[redacted]&token=[redacted]');
    expect(redactedUrl(`/x?%zz%74oken=${SECRET}`)).toBe('/x?%zz%74oken=[redacted]');
    expect(redactedUrl(`/x?token`)).toBe('/x?token=[redacted]');
    expect(redactedUrl('/api/v1/subjects?types=kanji&levels=1,2')).toBe('/api/v1/subjects?types=kanji&levels=1,2');
    expect(redactedUrl('/api/v1/user')).toBe('/api/v1/user');
  });
});

describeEachEngine('Request logs', (t) => {
  it('never contain a query-string token, however it is spelled, nor the credential headers', async () => {
    const lines: string[] = [];
    const app = await buildApp(t().deps, {
      logger: {
        level: 'info',
        redact: REDACTED_LOG_PATHS,
        serializers: { req: serializeRequestForLog },
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    try {
      for (const query of [`%74oken=${SECRET}`, `TOKEN=${SECRET}`, `access%5ftoken=${SECRET}`]) {
        await app.inject({
          method: 'POST',
          url: `/api/v1/unsubscribe?${query}`,
          headers: { authorization: `Bearer ${SECRET}`, cookie: `svc_session=${SECRET}` },
        });
      }
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).toContain('unsubscribe?%74oken=[redacted]');
  });
});
