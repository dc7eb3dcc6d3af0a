import { expect } from 'vitest';

export interface ErrorResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}

/** Every error speaks the one vocabulary: {error, code = status}, JSON, with the revision header. */
export function expectError(res: ErrorResponse, status: number, body?: unknown): void {
  expect(res.statusCode).toBe(status);
  expect(res.headers['compat-revision']).toBe('20170710');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const json = res.json() as { error: unknown; code: unknown };
  expect(Object.keys(json).sort()).toEqual(['code', 'error']);
  expect(json.code).toBe(status);
  expect(typeof json.error).toBe('string');
  if (body !== undefined) expect(json).toEqual(body);
}
