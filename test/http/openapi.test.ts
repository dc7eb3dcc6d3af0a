import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, it } from 'vitest';
import {
  ASSIGNMENT_EXAMPLE,
  ASSIGNMENTS_COLLECTION_EXAMPLE,
  CREATED_REVIEW_EXAMPLE,
  ERROR_EXAMPLES,
  OPERATION_EXAMPLES,
  SUBJECT_EXAMPLE,
  SUBJECTS_COLLECTION_EXAMPLE,
  USER_EXAMPLE,
} from '../../src/http/openapi-examples.js';
import { describeEachEngine } from '../support/app.js';
import * as shapes from '../support/reference-shapes.js';

/** The OpenAPI document passes a standard validator and is complete enough for code generators. */
describeEachEngine('OpenAPI document and docs page', (t) => {
  it('passes the OpenAPI schema validator', async () => {
    const doc = t().app.swagger();
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every operation once, summarises it, and declares headers, 304 and security', () => {
    const doc = t().app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { operationId?: string; summary?: string; security?: unknown; responses: Record<string, { headers?: object }> }>
      >;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { in?: string; name?: string }> };
    };
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete'].includes(method)) continue;
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        ids.push(op.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/subjects']!.get!.responses['304']).toBeDefined();
    expect(Object.keys(doc.paths['/subjects']!.get!.responses['200']!.headers!)).toEqual(
      expect.arrayContaining(['Compat-Revision', 'ETag', 'Last-Modified', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'svc_session' });
    expect(doc.paths['/internal/sessions']!.post!.security).toEqual([{ internalSecret: [] }]);
    expect(doc.paths['/unsubscribe']!.post!.security).toEqual([{ unsubscribeToken: [] }]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Error', 'GetSubjectsResponse', 'PostReviewsBody']));
  });

  it('GET /api/v1/docs serves the docs page without credentials, from the package', async () => {
    const page = await t().get('/api/v1/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"']*\.js/);
    const json = await t().get('/api/v1/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  });

  it('carries examples of the main bodies that match the reference shapes, on the operations that answer them', () => {
    shapes.subject.parse(SUBJECT_EXAMPLE);
    shapes.assignment.parse(ASSIGNMENT_EXAMPLE);
    shapes.createdReview.parse(CREATED_REVIEW_EXAMPLE);
    shapes.user.parse(USER_EXAMPLE);
    shapes.collections['/subjects'].parse(SUBJECTS_COLLECTION_EXAMPLE);
    shapes.collections['/assignments'].parse(ASSIGNMENTS_COLLECTION_EXAMPLE);
    for (const body of Object.values(ERROR_EXAMPLES)) shapes.error.parse(body);
    const doc = t().app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: Media; responses: Record<string, Media> }>>;
    };
    type Media = { content?: Record<string, { example?: unknown }> };
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    for (const [operationId, examples] of Object.entries(OPERATION_EXAMPLES)) {
      const op = operations.find((candidate) => candidate.operationId === operationId);
      expect(op, operationId).toBeDefined();
      for (const [status, example] of Object.entries(examples)) {
        const media = status === 'body' ? op!.requestBody : op!.responses[status];
        expect(media?.content?.['application/json']?.example, `${operationId} ${status}`).toEqual(example);
      }
      expect(op!.responses['401']?.content?.['application/json']?.example).toEqual(ERROR_EXAMPLES['401']);
    }
  });
});
