import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IdbStore } from '../../client/src/idb-store.js';
import {
  MemoryStore,
  OfflineReviewQueue,
  outcomeOfStatus,
  type DeadReview,
  type QueuedReview,
  type SendOutcome,
} from '../../client/src/offline-queue.js';

const answer = (assignment_id: number, at: string) => ({
  assignment_id,
  incorrect_meaning_answers: 0,
  incorrect_reading_answers: 1,
  created_at: at,
});

/** A server stand-in: answers per assignment id from a script, recording every send. */
function fakeServer(script: Record<number, (SendOutcome | 'throw')[]> = {}) {
  const sent: { assignment: number; key: string; created_at: string }[] = [];
  const send = async (entry: QueuedReview): Promise<SendOutcome> => {
    sent.push({ assignment: entry.answer.assignment_id, key: entry.idempotencyKey, created_at: entry.answer.created_at });
    const next = script[entry.answer.assignment_id]?.shift() ?? { kind: 'sent' };
    if (next === 'throw') throw new TypeError('Failed to fetch');
    return next;
  };
  return { sent, send };
}

let counter = 0;
const keys = () => `key-${++counter}`;

function queueWith(send: (entry: QueuedReview) => Promise<SendOutcome>) {
  return new OfflineReviewQueue(new MemoryStore<QueuedReview>(), new MemoryStore<DeadReview>(), send, keys);
}

describe('offline review queue', () => {
  it('sends in answer order with created_at, each with its own Idempotency-Key, clearing only after a 2xx', async () => {
    const server = fakeServer();
    const queue = queueWith(server.send);
    await queue.enqueue(answer(2, '2026-11-21T10:00:02.000Z'));
    await queue.enqueue(answer(1, '2026-11-21T10:00:01.000Z'));
    await queue.enqueue(answer(3, '2026-11-21T10:00:03.000Z'));
    expect(await queue.flush()).toEqual({ sent: 3, refused: 0, waiting: 0 });
    expect(server.sent.map((s) => [s.assignment, s.created_at])).toEqual([
      [1, '2026-11-21T10:00:01.000Z'],
      [2, '2026-11-21T10:00:02.000Z'],
      [3, '2026-11-21T10:00:03.000Z'],
    ]);
    expect(new Set(server.sent.map((s) => s.key)).size).toBe(3);
    expect(await queue.waiting()).toEqual([]);
  });

  it('stops at the first answer that cannot be sent now and keeps the order; a retry reuses the key', async () => {
    const server = fakeServer({ 2: ['throw', { kind: 'later' }] });
    const queue = queueWith(server.send);
    for (const [id, at] of [
      [1, '2026-11-21T10:00:01.000Z'],
      [2, '2026-11-21T10:00:02.000Z'],
      [3, '2026-11-21T10:00:03.000Z'],
    ] as const)
      await queue.enqueue(answer(id, at));
    expect(await queue.flush()).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect(await queue.flush()).toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect((await queue.waiting()).map((w) => w.answer.assignment_id)).toEqual([2, 3]);
    expect(await queue.flush()).toEqual({ sent: 2, refused: 0, waiting: 0 });
    const twos = server.sent.filter((s) => s.assignment === 2);
    expect(twos).toHaveLength(3);
    expect(new Set(twos.map((s) => s.key)).size).toBe(1);
    expect(server.sent.map((s) => s.assignment)).toEqual([1, 2, 2, 2, 3]);
  });

  it('moves answers the server can never accept (404, 422) to the could-not-be-sent list and goes on', async () => {
    const server = fakeServer({
      2: [{ kind: 'refused', status: 422, error: 'Assignment is not started and cannot be reviewed yet.' }],
      3: [{ kind: 'refused', status: 404, error: 'Not found' }],
    });
    const queue = queueWith(server.send);
    for (const id of [1, 2, 3, 4]) await queue.enqueue(answer(id, `2026-11-21T10:00:0${id}.000Z`));
    expect(await queue.flush()).toEqual({ sent: 2, refused: 2, waiting: 0 });
    const failed = await queue.failed();
    expect(failed.map((f) => [f.answer.assignment_id, f.status, f.error])).toEqual([
      [2, 422, 'Assignment is not started and cannot be reviewed yet.'],
      [3, 404, 'Not found'],
    ]);
    await queue.dismiss(failed[0]?.id as string);
    expect((await queue.failed()).map((f) => f.answer.assignment_id)).toEqual([3]);
    expect(await queue.flush()).toEqual({ sent: 0, refused: 0, waiting: 0 });
  });

  it.each([
    [200, 'sent'],
    [201, 'sent'],
    [404, 'refused'],
    [422, 'refused'],
    [401, 'later'],
    [408, 'later'],
    [500, 'later'],
    [503, 'later'],
  ])('status %i is %s', (status, kind) => {
    expect(outcomeOfStatus(status, 'x').kind).toBe(kind);
  });

  it('shares one flush between concurrent callers, so nothing is sent twice at once', async () => {
    const server = fakeServer();
    const queue = queueWith(server.send);
    await queue.enqueue(answer(1, '2026-11-21T10:00:01.000Z'));
    const [a, b] = await Promise.all([queue.flush(), queue.flush()]);
    expect(a).toBe(b);
    expect(server.sent).toHaveLength(1);
  });

  it('tells listeners of each accepted answer with its answer body', async () => {
    const queue = queueWith(async () => ({ kind: 'sent', body: { data: { ending_srs_stage: 2 } } }));
    const heard: unknown[] = [];
    const stop = queue.onSent((entry, body) => heard.push([entry.answer.assignment_id, body]));
    await queue.enqueue(answer(7, '2026-11-21T10:00:01.000Z'));
    await queue.flush();
    stop();
    await queue.enqueue(answer(8, '2026-11-21T10:00:02.000Z'));
    await queue.flush();
    expect(heard).toEqual([[7, { data: { ending_srs_stage: 2 } }]]);
  });

  it('keeps the queue in IndexedDB, in order, across queue instances (a reload)', async () => {
    const pending = () => new IdbStore<QueuedReview>('test-review-queue', 'pending');
    const dead = () => new IdbStore<DeadReview>('test-review-failed', 'failed');
    const offline = new OfflineReviewQueue(pending(), dead(), async () => ({ kind: 'later' }), keys);
    await offline.enqueue(answer(12, '2026-11-21T10:00:12.000Z'));
    await offline.enqueue(answer(11, '2026-11-21T10:00:11.000Z'));
    expect(await offline.flush()).toEqual({ sent: 0, refused: 0, waiting: 2 });

    const server = fakeServer({ 12: [{ kind: 'refused', status: 422, error: 'no' }] });
    const reloaded = new OfflineReviewQueue(pending(), dead(), server.send, keys);
    expect((await reloaded.waiting()).map((w) => w.answer.assignment_id)).toEqual([11, 12]);
    expect(await reloaded.flush()).toEqual({ sent: 1, refused: 1, waiting: 0 });
    expect(server.sent.map((s) => s.assignment)).toEqual([11, 12]);
    expect((await reloaded.failed()).map((f) => f.answer.assignment_id)).toEqual([12]);
  });
});
