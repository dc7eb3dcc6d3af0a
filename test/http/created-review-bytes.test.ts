import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { CreatedReviewBody } from '../../src/http/routes/reviews/schema.js';
import { describeEachEngine, T0, type TestApp } from '../support/app.js';
import { kanji, radical, vocabulary } from '../support/factories.js';
import { learnerAt, lessonAt } from '../support/screens.js';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR_MS = 3_600_000;

/** The serializer the app compiles for POST /reviews's 201 (src/app.ts: formats not validated when serialising). */
const serialize = SerializerSelector()(undefined, { ajv: { validateFormats: false } })({
  schema: CreatedReviewBody,
  method: 'POST',
  url: '/reviews',
  httpStatus: '201',
});

function expectSchemaBytes(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
  expect(res.body).toBe(serialize(res.json()));
}

function postReview(app: TestApp, token: string, body: object, key?: string) {
  return app.request({
    method: 'POST',
    url: '/api/v1/reviews',
    token,
    payload: body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
}

/**
 * POST /reviews writes its 201 as bytes (src/http/routes/reviews/present.ts, createdReviewWriter)
 * instead of passing an object through the route's schema serializer: the bytes must be the ones
 * that serializer makes of the same body, on every path a review takes, on both engines.
 */
describeEachEngine('created review as bytes', (t) => {
  it('is byte for byte what the schema serializer makes of it, on every path a review takes', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), [radical(1, 1), radical(2, 1), kanji(10, 1, [1, 2]), vocabulary(20, 1, [10])]);
    const radicalOne = await lessonAt(app, token, 1, iso(T0));
    const radicalTwo = await lessonAt(app, token, 2, iso(T0));

    // A subject's first review (its statistic inserted), wrong; then right (updated), wrapped, by subject id.
    const first = await postReview(app, token, { assignment_id: radicalOne, incorrect_meaning_answers: 2, incorrect_reading_answers: 0 });
    expectSchemaBytes(first);
    expect(first.json().resources_updated.review_statistic.data.meaning_incorrect).toBe(2);
    app.clock.set(iso(T0 + 5 * HOUR_MS));
    const second = await postReview(app, token, { review: { subject_id: 1, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 } });
    expectSchemaBytes(second);
    expect(second.json().data.assignment_id).toBe(radicalOne);

    // An offline answer with its own time, and a review that passes its item (unlocks run).
    expectSchemaBytes(
      await postReview(app, token, {
        assignment_id: radicalTwo,
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 0,
        created_at: iso(T0 + HOUR_MS + 123),
      }),
    );
    for (let stage = 2; stage <= 4; stage += 1) {
      app.clock.set(iso(T0 + stage * 100 * HOUR_MS));
      expectSchemaBytes(
        await postReview(app, token, { assignment_id: radicalOne, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 }),
      );
    }

    // An Idempotency-Key's stored answer, replayed, is the same bytes again.
    const keyed = { assignment_id: radicalTwo, incorrect_meaning_answers: 1, incorrect_reading_answers: 0 };
    const answered = await postReview(app, token, keyed, 'created-bytes-1');
    expectSchemaBytes(answered);
    const replayed = await postReview(app, token, keyed, 'created-bytes-1');
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expectSchemaBytes(replayed);
    expect(replayed.body).toBe(answered.body);
  });
});
