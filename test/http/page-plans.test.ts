import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect, type Db } from '../../src/db/connect.js';
import { describeEachEngine, testConfig } from '../support/app.js';
import { learnerWithHistory, serverKeepingNothing } from '../support/learner-pages.js';

/** A full sync's pages, a page of a later one, and a page under `updated_after` (a filter with a value). */
const ADDRESSES = [
  '/api/v1/assignments',
  '/api/v1/assignments?page_after_id=500',
  '/api/v1/review_statistics',
  '/api/v1/study_materials',
  '/api/v1/assignments?updated_after=2026-11-21T10:30:00.000Z',
];

/** What PostgreSQL's `updated_after` filter compiles to in a page statement. */
const UPDATED_AFTER = '"updated_at" >';

/**
 * On PostgreSQL a full sync's page statements (no filter with a value) run with their generic plan
 * from their first execution on a connection (src/db/generic-plans.ts); a page under `updated_after`
 * keeps PostgreSQL's own choice. The pages are a server keeping nothing's, before and after a write.
 */
describeEachEngine("Collection pages: a full sync's page statements planned generically", (t) => {
  it('serves a server keeping nothing’s bytes, and on PostgreSQL plans only the unfiltered page statements generically', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const { testDb } = app;
    // On PostgreSQL, a pool of one connection: pg_prepared_statements read through it lists every statement the server ran.
    const db: Db = testDb.pgSchema ? connect(testDb.databaseUrl, { pgSchema: testDb.pgSchema, pgPoolSize: 1 }) : app.deps.db;
    const server = await buildApp({ ...app.deps, db, config: testConfig(testDb.databaseUrl, { STORED_PAGES_MB: '0' }) });
    const reference = await serverKeepingNothing(app.deps, { STORED_PAGES_MB: '0' });
    const headers = { authorization: `Bearer ${token}` };
    try {
      for (const subjectId of [2, 3]) {
        for (const url of ADDRESSES) {
          const served = await server.inject({ method: 'GET', url, headers });
          expect(served.statusCode, url).toBe(200);
          expect(served.body, url).toBe((await reference.inject({ method: 'GET', url, headers })).body);
        }
        // A write through the server that it does not carry into its kept pages (a row inserted): its
        // next sync is built against held rows, with the credential in the page statement.
        const write = await server.inject({
          method: 'POST',
          url: '/api/v1/study_materials',
          headers,
          payload: { subject_id: subjectId, meaning_note: 'another' },
        });
        expect(write.statusCode).toBe(201);
      }
      for (const url of ADDRESSES) {
        const served = await server.inject({ method: 'GET', url, headers });
        expect(served.body, url).toBe((await reference.inject({ method: 'GET', url, headers })).body);
      }
      if (app.engine !== 'postgres') return;
      const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements where statement like ${'%json_agg%'}`.execute(db.kysely);
      const unfiltered = rows.filter((r) => !r.statement.includes(UPDATED_AFTER));
      const filtered = rows.filter((r) => r.statement.includes(UPDATED_AFTER));
      // The first page and the later ones, read whole and against held rows, with and without the credential.
      expect(unfiltered.length).toBeGreaterThanOrEqual(6);
      for (const r of unfiltered)
        expect({ custom: Number(r.custom_plans), generic: Number(r.generic_plans) > 0 }, r.statement).toEqual({ custom: 0, generic: true });
      expect(filtered.length).toBeGreaterThan(0);
      for (const r of filtered) expect(Number(r.custom_plans), r.statement).toBeGreaterThan(0);
    } finally {
      await reference.close();
      await server.close();
      if (db !== app.deps.db) await db.close();
    }
  });
});
