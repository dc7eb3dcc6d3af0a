import { describe, expect, it } from 'vitest';
import { PageMemo, PreparedPage } from '../../src/http/prepared-pages.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { learnerWithHistory, referenceKeepingNothing, serverKeepingNothing } from '../support/learner-pages.js';
import { withStatements } from '../support/statements.js';
import { burn, pass, review } from '../support/study.js';

/** Every page of the learner's three full collections (twoPageCurriculum: two pages of assignments). */
const FULL_PAGES = ['/api/v1/assignments', '/api/v1/assignments?page_after_id=500', '/api/v1/review_statistics', '/api/v1/study_materials'];

/** The collection a statement reads rows of, if it reads one. */
const collectionRead = (statement: string) => /from "(assignments|review_statistics|study_materials)"/i.exec(statement)?.[1];

/**
 * A learner's own write carried into the pages its server keeps (carried-pages.ts; docs/decisions.md,
 * "A learner's own write carried into its kept pages"): after it, the writer's pages are served
 * from the memo with no statement of their collection, and are still, byte for byte, the pages a
 * server keeping nothing writes; a write that is not carried leaves them read as before.
 */
describeEachEngine("Collection pages: a learner's own write carried into its kept pages", (t) => {
  const reference = referenceKeepingNothing(t);

  /**
   * Syncs every full page, each checked against the reference (body, ETag, Last-Modified) and
   * answered 304 to its own ETag; the collections whose rows a statement read meanwhile.
   */
  async function sync(app: TestApp, token: string): Promise<Set<string>> {
    const headers = { authorization: `Bearer ${token}` };
    const read = new Set<string>();
    for (const address of FULL_PAGES) {
      const { result: res, sent } = await withStatements(app.deps.db, () => app.get(address, undefined, headers));
      for (const statement of sent) {
        const collection = collectionRead(statement);
        if (collection !== undefined) read.add(collection);
      }
      const expected = await reference().inject({ method: 'GET', url: address, headers });
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toBe(expected.body);
      expect(res.headers.etag, address).toBe(expected.headers.etag);
      expect(res.headers['last-modified'], address).toBe(expected.headers['last-modified']);
      const again = await app.get(address, undefined, { ...headers, 'if-none-match': res.headers.etag as string });
      expect(again.statusCode, address).toBe(304);
    }
    return read;
  }

  /** A learner with history whose every full page the app served (and so keeps). */
  async function syncedLearner(app: TestApp) {
    const learner = await learnerWithHistory(app);
    await sync(app, learner.token);
    return learner;
  }

  const putMaterial = async (app: TestApp, token: string, id: number, note: string) =>
    expect((await app.put(`/api/v1/study_materials/${id}`, token, { meaning_note: note })).statusCode).toBe(200);

  it('serves every page kept after a study material changed, unread, as a server keeping nothing writes them', async () => {
    const app = t();
    const { token, materialId } = await syncedLearner(app);
    await putMaterial(app, token, materialId, 'second');
    expect([...(await sync(app, token))]).toEqual([]);
    // Two writes before the next sync: carried twice.
    await putMaterial(app, token, materialId, 'third');
    await putMaterial(app, token, materialId, 'fourth, "quoted"\nand longer than before');
    expect([...(await sync(app, token))]).toEqual([]);
  });

  it('stores a page carried when it is served, under the learner state it is served in', async () => {
    const app = t();
    const { token, userId, materialId } = await syncedLearner(app);
    await putMaterial(app, token, materialId, 'stored');
    expect([...(await sync(app, token))]).toEqual([]);
    const { change_stamp: stamp } = await app.deps.db.kysely
      .selectFrom('users')
      .select('change_stamp')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const stored = await app.deps.db.kysely
        .selectFrom('stored_pages')
        .select('address')
        .where('user_id', '=', userId)
        .where('version', 'like', `%@${stamp} %`)
        .execute();
      if (stored.length === FULL_PAGES.length) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('carries reviews, wrong and right, but for a statistic a review inserted and what a pass unlocked', async () => {
    const app = t();
    const { token, assignmentIds } = await syncedLearner(app);
    // The subject's first review inserts its statistic.
    await review(app, token, assignmentIds[2]!, 1);
    expect([...(await sync(app, token))]).toEqual(['review_statistics']);
    await review(app, token, assignmentIds[2]!);
    expect([...(await sync(app, token))]).toEqual([]);
    await review(app, token, assignmentIds[0]!, 1, 1);
    expect([...(await sync(app, token))]).toEqual([]);
    // Passing: the locked path, the review's assignment not its only change.
    await pass(app, token, 3);
    expect([...(await sync(app, token))]).toEqual(['assignments']);
    // Burning: the locked path too, its assignment its only change of a collection.
    await burn(app, token, 3);
    expect([...(await sync(app, token))]).toEqual([]);
  });

  it('carries a review with an Idempotency-Key; its replay writes nothing and leaves the pages right', async () => {
    const app = t();
    const { token, assignmentIds } = await syncedLearner(app);
    const post = () =>
      app.request({
        method: 'POST',
        url: '/api/v1/reviews',
        token,
        headers: { 'idempotency-key': 'carried-once' },
        payload: { assignment_id: assignmentIds[1]!, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 },
      });
    expect((await post()).statusCode).toBe(201);
    expect([...(await sync(app, token))]).toEqual([]);
    // The replay writes nothing, so carries nothing: the pages kept stay the learner's (on PostgreSQL a
    // write finished since the credential's last page built sends the page statement, as before).
    expect((await post()).statusCode).toBe(201);
    await sync(app, token);
  });

  it('reads the pages again after a write it does not carry: a study material created, a write by another server', async () => {
    const app = t();
    const { token, materialId } = await syncedLearner(app);
    expect((await app.post('/api/v1/study_materials', token, { subject_id: 2, meaning_note: 'new' })).statusCode).toBe(201);
    expect(await sync(app, token)).toContain('study_materials');
    const other = await serverKeepingNothing(app.deps);
    try {
      const put = await other.inject({
        method: 'PUT',
        url: `/api/v1/study_materials/${materialId}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { study_material: { meaning_note: 'elsewhere' } },
      });
      expect(put.statusCode).toBe(200);
    } finally {
      await other.close();
    }
    // Kept at the state before the other server's write: not carried by this one's.
    await putMaterial(app, token, materialId, 'here');
    expect(await sync(app, token)).toContain('study_materials');
  });

  it("carries a learner's concurrent writes in their commit order", async () => {
    const app = t();
    const { token, materialId } = await syncedLearner(app);
    await Promise.all(Array.from({ length: 6 }, (_, i) => putMaterial(app, token, materialId, `note ${i}`)));
    expect([...(await sync(app, token))]).toEqual([]);
  });
});

describe('The learner page memo, a page set or dropped while it is built', () => {
  it('answers the requests waiting for the build with the page built, and keeps the page set', async () => {
    const memo = new PageMemo(1);
    const built = new PreparedPage(Buffer.from('built'), 1);
    let release = (): void => undefined;
    const waiting = memo.get('carried', () => new Promise((resolve) => (release = () => resolve(built))));
    // A write carried its page to the key being built.
    memo.set('carried', new PreparedPage(Buffer.from('carried'), 2));
    release();
    expect((await waiting).plain.toString()).toBe('built');
    expect(memo.peek('carried')?.plain.toString()).toBe('carried');
    const dropped = memo.get('dropped', () => new Promise((resolve) => (release = () => resolve(built))));
    memo.delete('dropped');
    release();
    expect((await dropped).plain.toString()).toBe('built');
  });
});
