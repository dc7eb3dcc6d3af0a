import { createHash } from 'node:crypto';
import { fdatasync, openSync, closeSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { activitySlot } from '../../src/domain/calendar/activity.js';
import { STATISTIC_COLUMNS } from '../../src/db/repositories/review-target.js';
import { createReviewSchema } from '../../src/http/routes/reviews/schema.js';

/**
 * The ceiling of POST /reviews on SQLite (bench/reviews-sqlite-ceiling.ts): the statements the
 * server runs for a review, captured from it (the credential read on the read connection; then, in
 * the writer's shared transaction, the savepoint, the target read, the assignment update, the
 * statistic's insert or update, the review's insert, the activity slot, the learner's stamp and the
 * release), with the same settings and the same durability as served: WAL, synchronous=NORMAL with
 * an fdatasync of the WAL after each COMMIT on libuv's threadpool, the read connection held on the
 * state before the COMMIT until the sync is over, concurrent reviews' savepoints committed together
 * in the next turn of the event loop or after the last sync. The JavaScript around them is as
 * little as answers the same body shape: better-sqlite3 is synchronous, so a review's transaction
 * runs in one go, with no lock, no awaits and no per-learner queue.
 *
 * Left out, so the ceiling is a little high: the server's checks and error paths (unknown items,
 * not started, burned, passing and its unlocks; the stage moves one up or down here), its headers
 * beyond the body's, and the WAL's checkpoints during the load (made between turns instead).
 */
const MAX_BATCH = 64;

const CREDENTIAL = `select "users"."id" as "user_id", "users"."uuid", "users"."change_stamp", (select "version" from "content_version" where "id" = ?) as "content_version" from "api_tokens" inner join "users" on "users"."id" = "api_tokens"."user_id" where "users"."disabled_at" is null and "api_tokens"."token_hash" = ? and "api_tokens"."revoked_at" is null and ("api_tokens"."expires_at" is null or "api_tokens"."expires_at" > ?)`;
const TARGET = `select "a".*, "u"."id" as "learner_id", "u"."uuid" as "learner_uuid", "u"."change_stamp" as "learner_stamp", "s"."id" as "subject_row_id", "s"."object" as "subject_object", "s"."level" as "subject_row_level", "s"."spaced_repetition_system_id" as "subject_srs_id", "s"."hidden_at" as "subject_hidden_at", ${STATISTIC_COLUMNS.map((c) => `"rs"."${c}" as "statistic_${c}"`).join(', ')} from "users" as "u" left join "assignments" as "a" on "a"."user_id" = "u"."id" and "a"."id" = ? left join "subjects" as "s" on "s"."id" = "a"."subject_id" left join "review_statistics" as "rs" on "rs"."subject_id" = "a"."subject_id" and "rs"."user_id" = "u"."id" where "u"."id" = ?`;
const SAVE_STATE = `update "assignments" set "srs_stage" = ?, "passed_at" = ?, "burned_at" = ?, "available_at" = ?, "updated_at" = ? where "user_id" = ? and "id" = ?`;
const INSERT_STATISTIC = `insert into "review_statistics" ("user_id", "subject_id", "subject_type", "hidden", "meaning_correct", "meaning_incorrect", "meaning_max_streak", "meaning_current_streak", "reading_correct", "reading_incorrect", "reading_max_streak", "reading_current_streak", "percentage_correct", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`;
const UPDATE_STATISTIC = `update "review_statistics" set "meaning_correct" = ?, "meaning_incorrect" = ?, "meaning_max_streak" = ?, "meaning_current_streak" = ?, "reading_correct" = ?, "reading_incorrect" = ?, "reading_max_streak" = ?, "reading_current_streak" = ?, "percentage_correct" = ?, "updated_at" = ? where "user_id" = ? and "id" = ? returning *`;
const INSERT_REVIEW = `insert into "reviews" ("user_id", "assignment_id", "subject_id", "subject_type", "created_at", "starting_srs_stage", "ending_srs_stage", "incorrect_meaning_answers", "incorrect_reading_answers", "correct", "spaced_repetition_system_id", "hidden", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning "id"`;
const ADD_ACTIVITY = `insert into "study_activity" ("user_id", "slot", "reviews", "correct", "lessons") values (?, ?, ?, ?, ?) on conflict ("user_id", "slot") do update set "reviews" = "study_activity"."reviews" + "excluded"."reviews", "correct" = "study_activity"."correct" + "excluded"."correct", "lessons" = "study_activity"."lessons" + "excluded"."lessons"`;
const SAVE_STAMP = `update "users" set "change_stamp" = ? where "id" = ?`;

type Row = Record<string, number | string | null>;
/** An answer: its status and body. */
export type Answer = (status: number, body: unknown) => void;
export interface ReviewBody {
  assignment_id: number;
  incorrect_meaning_answers: number;
  incorrect_reading_answers: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const BASE = 'http://127.0.0.1/api/v1';

export class BareReviews {
  readonly #writer: BetterSqlite3.Database;
  readonly #reader: BetterSqlite3.Database;
  readonly #path: string;
  readonly #s: Record<string, BetterSqlite3.Statement>;
  readonly #intervals = new Map<number, number[]>();
  #wal: number | null = null;
  #batch: Answer[] | null = null;
  /** The batch's answers, with the body each gets once its COMMIT is durable. */
  #answers: [Answer, unknown][] = [];
  #syncing = false;
  #flushScheduled = false;
  /** Each sync's milliseconds and each batch's reviews since takeSyncs. */
  #syncs: { ms: number; reviews: number }[] = [];

  constructor(path: string) {
    this.#path = path;
    const writer = new BetterSqlite3(path);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    writer.pragma('foreign_keys = ON');
    writer.pragma('temp_store = MEMORY');
    writer.pragma('wal_autocheckpoint = 0');
    const reader = new BetterSqlite3(path, { readonly: true });
    reader.pragma('temp_store = MEMORY');
    this.#writer = writer;
    this.#reader = reader;
    const w = (text: string) => writer.prepare(text);
    this.#s = {
      credential: reader.prepare(CREDENTIAL),
      snapshot: reader.prepare('select 1 from sqlite_master limit 1'),
      begin: w('begin immediate'),
      savepoint: w('savepoint member'),
      release: w('release member'),
      rollbackMember: w('rollback to member'),
      commit: w('commit'),
      target: w(TARGET),
      saveState: w(SAVE_STATE),
      insertStatistic: w(INSERT_STATISTIC),
      updateStatistic: w(UPDATE_STATISTIC),
      insertReview: w(INSERT_REVIEW),
      addActivity: w(ADD_ACTIVITY),
      saveStamp: w(SAVE_STAMP),
    };
  }

  /** One POST /reviews: `answer` is told once the review is durable (or refused). */
  review(authorization: string | undefined, body: ReviewBody, answer: Answer): void {
    const s = this.#s;
    const now = Date.now();
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const owner = s.credential!.get(1, createHash('sha256').update(token).digest('hex'), now) as Row | undefined;
    if (owner === undefined) return answer(401, { error: 'Unauthorized', code: 401 });
    const userId = owner.user_id as number;
    if (this.#batch === null) {
      s.begin!.run();
      this.#batch = [];
    }
    s.savepoint!.run();
    const row = s.target!.get(body.assignment_id, userId) as Row | undefined;
    if (row === undefined || row.id === null || row.started_at === null) {
      s.rollbackMember!.run();
      s.release!.run();
      return answer(404, { error: 'Not found', code: 404 });
    }
    const wrong = body.incorrect_meaning_answers + body.incorrect_reading_answers > 0;
    const starting = row.srs_stage as number;
    const ending = wrong ? Math.max(1, starting - 1) : starting + 1;
    const availableAt = now + this.#interval(row.subject_srs_id as number, ending) * 1000;
    s.saveState!.run(ending, row.passed_at, row.burned_at, availableAt, now, userId, row.id);
    const statistic =
      row.statistic_id === null
        ? (s.insertStatistic!.get(
            userId,
            row.subject_id,
            row.subject_type,
            row.hidden,
            wrong ? 0 : 1,
            wrong ? 1 : 0,
            wrong ? 0 : 1,
            wrong ? 0 : 1,
            0,
            0,
            0,
            0,
            wrong ? 0 : 100,
            now,
            now,
          ) as Row)
        : (s.updateStatistic!.get(
            (row.statistic_meaning_correct as number) + (wrong ? 0 : 1),
            (row.statistic_meaning_incorrect as number) + (wrong ? 1 : 0),
            Math.max(row.statistic_meaning_max_streak as number, (row.statistic_meaning_current_streak as number) + 1),
            wrong ? 0 : (row.statistic_meaning_current_streak as number) + 1,
            row.statistic_reading_correct,
            row.statistic_reading_incorrect,
            row.statistic_reading_max_streak,
            row.statistic_reading_current_streak,
            50,
            now,
            userId,
            row.statistic_id,
          ) as Row);
    const review = s.insertReview!.get(
      userId,
      row.id,
      row.subject_id,
      row.subject_type,
      now,
      starting,
      ending,
      body.incorrect_meaning_answers,
      body.incorrect_reading_answers,
      wrong ? 0 : 1,
      row.subject_srs_id,
      row.hidden,
      now,
    ) as Row;
    s.addActivity!.run(userId, activitySlot(now), 1, wrong ? 0 : 1, 0);
    s.saveStamp!.run(now, userId);
    s.release!.run();
    this.#answers.push([answer, createdBody(review.id as number, row, statistic, starting, ending, now, availableAt, body)]);
    this.#scheduleFlush();
  }

  #interval(srsId: number, stage: number): number {
    let intervals = this.#intervals.get(srsId);
    if (intervals === undefined) {
      const { stages } = this.#writer.prepare('select stages from spaced_repetition_systems where id = ?').get(srsId) as { stages: string };
      intervals = (JSON.parse(stages) as { interval: number | null }[]).map((st) => st.interval ?? 0);
      this.#intervals.set(srsId, intervals);
    }
    return intervals[Math.min(stage, intervals.length - 1)]!;
  }

  #scheduleFlush(): void {
    if (this.#answers.length >= MAX_BATCH && !this.#syncing) return this.#flush();
    if (this.#flushScheduled || this.#syncing) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  /** COMMITs the open batch, syncs the WAL off the event loop, then answers its members; the read connection sees the state before it meanwhile. */
  #flush(): void {
    if (this.#batch === null || this.#syncing) return;
    const answers = this.#answers;
    this.#batch = null;
    this.#answers = [];
    this.#reader.exec('begin');
    this.#s.snapshot!.get();
    this.#s.commit!.run();
    this.#syncing = true;
    this.#wal ??= openSync(`${this.#path}-wal`, 'r');
    const started = performance.now();
    fdatasync(this.#wal, (error) => {
      this.#syncs.push({ ms: performance.now() - started, reviews: answers.length });
      this.#reader.exec('rollback');
      this.#syncing = false;
      if (error) throw error;
      for (const [answer, body] of answers) answer(201, body);
      if (this.#batch !== null) this.#flush();
    });
  }

  /**
   * The syncs since the last call: how many, their median milliseconds and reviews a batch. At c=16
   * a review waits for its batch's sync and often for the one before, so a slow disk caps reviews/s
   * whatever the CPU.
   */
  takeSyncs(): { count: number; medianMs: number; reviewsPerBatch: number } {
    const syncs = this.#syncs;
    this.#syncs = [];
    const ms = syncs.map((x) => x.ms).sort((x, y) => x - y);
    const reviews = syncs.reduce((sum, x) => sum + x.reviews, 0);
    return { count: syncs.length, medianMs: ms[Math.floor(ms.length / 2)] ?? 0, reviewsPerBatch: reviews / Math.max(1, syncs.length) };
  }

  /** Between turns: the WAL copied into the database and started afresh (no transaction is open). */
  checkpoint(): void {
    this.#writer.pragma('wal_checkpoint(TRUNCATE)');
  }

  close(): void {
    if (this.#wal !== null) closeSync(this.#wal);
    this.#reader.close();
    this.#writer.close();
  }
}

/** The body the server answers a created review with, built as plainly as it can be. */
function createdBody(
  reviewId: number,
  a: Row,
  st: Row,
  starting: number,
  ending: number,
  now: number,
  availableAt: number,
  body: ReviewBody,
): unknown {
  const at = iso(now);
  return {
    id: reviewId,
    object: 'review',
    url: `${BASE}/reviews/${reviewId}`,
    data_updated_at: at,
    data: {
      created_at: at,
      assignment_id: a.id,
      subject_id: a.subject_id,
      starting_srs_stage: starting,
      ending_srs_stage: ending,
      incorrect_meaning_answers: body.incorrect_meaning_answers,
      incorrect_reading_answers: body.incorrect_reading_answers,
      spaced_repetition_system_id: a.subject_srs_id,
    },
    resources_updated: {
      assignment: {
        id: a.id,
        object: 'assignment',
        url: `${BASE}/assignments/${a.id}`,
        data_updated_at: at,
        data: {
          created_at: iso(a.created_at as number),
          subject_id: a.subject_id,
          subject_type: a.subject_type,
          srs_stage: ending,
          unlocked_at: iso(a.unlocked_at as number | null),
          started_at: iso(a.started_at as number | null),
          passed_at: iso(a.passed_at as number | null),
          burned_at: iso(a.burned_at as number | null),
          available_at: iso(availableAt),
          resurrected_at: iso(a.resurrected_at as number | null),
          hidden: a.hidden === 1,
        },
      },
      review_statistic: {
        id: st.id,
        object: 'review_statistic',
        url: `${BASE}/review_statistics/${st.id}`,
        data_updated_at: at,
        data: {
          created_at: iso(st.created_at as number),
          subject_id: st.subject_id,
          subject_type: st.subject_type,
          meaning_correct: st.meaning_correct,
          meaning_incorrect: st.meaning_incorrect,
          meaning_max_streak: st.meaning_max_streak,
          meaning_current_streak: st.meaning_current_streak,
          reading_correct: st.reading_correct,
          reading_incorrect: st.reading_incorrect,
          reading_max_streak: st.reading_max_streak,
          reading_current_streak: st.reading_current_streak,
          percentage_correct: st.percentage_correct,
          hidden: st.hidden === 1,
        },
      },
    },
  };
}

export interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A bare node:http server: the body read and parsed, the review, JSON.stringify. */
export async function bareHttpServer(reviews: BareReviews): Promise<Listening> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReviewBody;
      reviews.review(request.headers.authorization, body, (status, value) => {
        const text = JSON.stringify(value);
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
        response.end(text);
      });
    });
  });
  const url = await listening(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A bare Fastify 5 route doing the same: no plugin, no hook; with `schemas`, the route's own body
 * schema and response serializer (createReviewSchema) and the server's Ajv options.
 */
export async function bareFastifyServer(reviews: BareReviews, schemas: boolean): Promise<Listening> {
  const app: FastifyInstance = Fastify({
    logger: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    serializerOpts: { ajv: { validateFormats: false } },
  });
  app.post('/api/v1/reviews', schemas ? { schema: createReviewSchema } : {}, (request, reply) => {
    return new Promise((resolve) => {
      reviews.review(request.headers.authorization, request.body as ReviewBody, (status, value) => {
        void reply.code(status as 201);
        resolve(value);
      });
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
