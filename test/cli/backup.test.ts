import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import type { DatabaseEngine } from '../../src/config/index.js';
import { connect, type Db } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import type { Deps } from '../../src/services/deps.js';
import { systemClock } from '../../src/shared/clock.js';
import { testConfig } from '../support/app.js';
import { ENGINES, TEST_DATABASE_URL } from '../support/db.js';
import { createLearner, radical, seedSubjects, type Learner } from '../support/factories.js';
import { keepTestContent, postJson, startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * `study-service backup` of a database a real server process is writing reviews to, and `restore`
 * of that backup into a stopped installation: the copy is consistent (every review acknowledged
 * before the backup began is in it, and each learner's statistics agree with its reviews), restores,
 * and serves. PostgreSQL runs pg_dump/pg_restore against scratch databases made for the test.
 */
const LEARNERS = 6;
const SUBJECTS = [radical(1, 1), radical(2, 1), radical(3, 1)];
/** Reviews acknowledged before the backup starts, and after it ends: the load runs around it. */
const REVIEWS_AROUND_BACKUP = 30;

async function cli(env: string, ...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = env;
  try {
    const code = await runCli(argv, { out: (line) => out.push(...line.split('\n')), err: (line) => err.push(...line.split('\n')) });
    return { code, out, err };
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

/** A database of its own: a SQLite file in `dir`, or a scratch PostgreSQL database (created here, dropped by `dropScratch`). */
async function scratchUrl(engine: DatabaseEngine, dir: string, name: string): Promise<string> {
  if (engine === 'sqlite') return `sqlite:${join(dir, name, 'study.db')}`;
  const database = `study_${name}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${database}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function dropScratch(url: string): Promise<void> {
  if (url.startsWith('postgres')) await admin(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
}

/** Each learner's review statistics agree with its stored reviews (a review and its statistics are written in one transaction). */
async function expectStatisticsMatchReviews(db: Db): Promise<number> {
  const reviews = await db.kysely.selectFrom('reviews').select(['user_id', 'subject_id', 'incorrect_meaning_answers']).execute();
  const statistics = await db.kysely
    .selectFrom('review_statistics')
    .select(['user_id', 'subject_id', 'meaning_correct', 'meaning_incorrect'])
    .execute();
  const expected = new Map<string, { meaning_correct: number; meaning_incorrect: number }>();
  for (const review of reviews) {
    const key = `${review.user_id}/${review.subject_id}`;
    const counts = expected.get(key) ?? { meaning_correct: 0, meaning_incorrect: 0 };
    counts.meaning_correct += 1;
    counts.meaning_incorrect += review.incorrect_meaning_answers;
    expected.set(key, counts);
  }
  const actual = new Map(
    statistics
      .filter((row) => row.meaning_correct > 0)
      .map((row) => [
        `${row.user_id}/${row.subject_id}`,
        { meaning_correct: row.meaning_correct, meaning_incorrect: row.meaning_incorrect },
      ]),
  );
  expect(actual).toEqual(expected);
  return reviews.length;
}

async function reviewIds(db: Db): Promise<Set<number>> {
  return new Set((await db.kysely.selectFrom('reviews').select('id').execute()).map((row) => row.id));
}

for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(`backup and restore under write load [${engine}]`, () => {
    let dir: string;
    let sourceUrl: string;
    let targetUrl: string;
    let futureUrl: string | undefined;
    let source: Db;
    let server: ServerProcess | undefined;
    let learners: (Learner & { assignmentIds: number[] })[];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'study-backup-'));
      sourceUrl = await scratchUrl(engine, dir, 'source');
      targetUrl = await scratchUrl(engine, dir, 'restored');
      source = connect(sourceUrl);
      await migrateToLatest(source);
      const deps: Deps = { db: source, clock: systemClock, config: testConfig(sourceUrl) };
      await seedSubjects(deps, SUBJECTS);
      await keepTestContent(deps);
      learners = [];
      for (let i = 0; i < LEARNERS; i += 1) learners.push({ ...(await createLearner(deps, `learner${i}`)), assignmentIds: [] });
    });

    afterAll(async () => {
      await stopServerProcess(server);
      await source?.close();
      for (const url of [sourceUrl, targetUrl, futureUrl]) if (url) await dropScratch(url);
      rmSync(dir, { recursive: true, force: true });
    });

    const serve = (databaseUrl: string) =>
      startServerProcess({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', CREATE_DEMO_ACCOUNT: 'false' });

    it('backs up a live database while a server takes reviews; the backup restores into a stopped installation and serves', async () => {
      server = await serve(sourceUrl);
      const origin = server.origin;
      for (const learner of learners) {
        const listed = (await (
          await fetch(`${origin}/api/v1/assignments`, { headers: { authorization: `Bearer ${learner.token}` } })
        ).json()) as {
          data: { id: number }[];
        };
        learner.assignmentIds = listed.data.map((a) => a.id);
        for (const id of learner.assignmentIds) {
          const res = await fetch(`${origin}/api/v1/assignments/${id}/start`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${learner.token}` },
          });
          expect(res.status).toBe(200);
        }
      }

      // One client per learner answers its items in turn, without pause, until told to stop.
      const acknowledged: number[] = [];
      const refused: string[] = [];
      let stop = false;
      const client = async (learner: (typeof learners)[number]) => {
        for (let i = 0; !stop; i += 1) {
          const res = await postJson(origin, learner.token, '/reviews', {
            assignment_id: learner.assignmentIds[i % learner.assignmentIds.length],
            // Each item is answered right and wrong by turns, so none ever burns.
            incorrect_meaning_answers: Math.floor(i / learner.assignmentIds.length) % 2,
            incorrect_reading_answers: 0,
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
          else refused.push(`${res.status} ${await res.text()}`);
        }
      };
      const clients = learners.map((learner) => client(learner));
      const reviewsAcknowledged = async (n: number) => {
        while (acknowledged.length < n) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      await reviewsAcknowledged(REVIEWS_AROUND_BACKUP);
      const beforeBackup = [...acknowledged];

      const backupFile = join(dir, 'study.backup');
      const backup = await cli(sourceUrl, 'backup', backupFile);
      const verified = engine === 'sqlite' ? 'integrity_check ok' : 'pg_restore --list ok';
      expect(backup, JSON.stringify(backup)).toMatchObject({ code: 0, err: [] });
      expect(backup.out).toHaveLength(1);
      expect(backup.out[0]).toMatch(new RegExp(`^Backed up .+ to ${backupFile} \\([\\d.]+ [KM]iB, ${verified}\\) in \\d+ ms\\.$`));
      expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);

      await reviewsAcknowledged(acknowledged.length + REVIEWS_AROUND_BACKUP);
      stop = true;
      await Promise.all(clients);
      expect(refused).toEqual([]);

      // A server still has the database open: restoring over it is refused, and nothing changes.
      const storedBefore = await reviewIds(source);
      const refusedRestore = await cli(sourceUrl, 'restore', backupFile);
      expect(refusedRestore.code).toBe(1);
      expect(refusedRestore.out).toEqual([]);
      expect(refusedRestore.err.join('\n')).toMatch(
        engine === 'sqlite'
          ? /^The database .+ is in use by another process \(is the server running\?\)\. Stop the server, then run restore again\.$/
          : /^The database .+ has \d+ other connection\(s\) \(is the server running\?\)\. Stop the server, then run restore again\.$/,
      );
      expect(await reviewIds(source)).toEqual(storedBefore);
      expect(await stopServerProcess(server)).toBe(0);
      await expectStatisticsMatchReviews(source);

      // An existing file is never overwritten by a backup.
      expect(await cli(sourceUrl, 'backup', backupFile)).toEqual({
        code: 1,
        out: [],
        err: [`${backupFile} already exists; choose another name or remove it first.`],
      });

      // The restore goes into a stopped installation (a database nothing has open).
      const restored = await cli(targetUrl, 'restore', backupFile);
      expect(restored, JSON.stringify(restored)).toMatchObject({ code: 0, err: [] });
      expect(restored.out[0]).toMatch(new RegExp(`^Restored ${backupFile} into .+ \\(${verified}\\) in \\d+ ms\\.$`));
      expect(restored.out.at(-1)).toBe('Start the server: it applies any migration the backup predates.');

      const copy = connect(targetUrl);
      try {
        if (engine === 'sqlite') {
          const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(copy.kysely);
          expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
        }
        // Consistent: every review acknowledged before the backup began, nothing that was not stored, statistics that agree.
        const inCopy = await reviewIds(copy);
        expect(beforeBackup.filter((id) => !inCopy.has(id))).toEqual([]);
        expect([...inCopy].filter((id) => !storedBefore.has(id))).toEqual([]);
        expect(inCopy.size).toBeLessThan(storedBefore.size);
        expect(await expectStatisticsMatchReviews(copy)).toBe(inCopy.size);
      } finally {
        await copy.close();
      }

      // The restored installation serves the learners with their tokens, and takes new reviews.
      server = await serve(targetUrl);
      const learner = learners[0]!;
      const statistics = await fetch(`${server.origin}/api/v1/review_statistics`, {
        headers: { authorization: `Bearer ${learner.token}` },
      });
      expect(statistics.status).toBe(200);
      expect(((await statistics.json()) as { total_count: number }).total_count).toBe(SUBJECTS.length);
      const next = await postJson(server.origin, learner.token, '/reviews', {
        assignment_id: learner.assignmentIds[0],
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 0,
      });
      expect(next.status).toBe(201);
      expect(await stopServerProcess(server)).toBe(0);

      // Restoring again over the stopped installation replaces it (SQLite keeps the replaced file beside it).
      const again = await cli(targetUrl, 'restore', backupFile);
      expect(again.code, again.err.join('\n')).toBe(0);
      if (engine === 'sqlite') {
        const kept = again.out[1]!.match(/^The database it replaced is kept as (.+); delete it once you are satisfied\.$/)?.[1];
        expect(kept && existsSync(kept)).toBe(true);
      }
    }, 240_000);

    it('refuses a backup made by a newer version (a migration this code does not know)', async () => {
      futureUrl = await scratchUrl(engine, dir, 'future');
      const future = connect(futureUrl);
      try {
        await migrateToLatest(future);
        await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01T000000_future', '2099-01-01T00:00:00.000Z')`.execute(
          future.kysely,
        );
      } finally {
        await future.close();
      }
      const file = join(dir, 'future.backup');
      expect((await cli(futureUrl, 'backup', file)).code).toBe(0);
      expect(await cli(targetUrl, 'restore', file)).toEqual({
        code: 1,
        out: [],
        err: [`${file} was made by a newer version of study-service (migration 2099-01-01T000000_future); upgrade first.`],
      });
    });

    it('refuses a backup file that is damaged or not a backup, and leaves the installation alone', async () => {
      const garbage = join(dir, 'garbage.backup');
      writeFileSync(garbage, 'not a database at all '.repeat(200));
      const refused = await cli(targetUrl, 'restore', garbage);
      expect(refused.code).toBe(1);
      expect(refused.out).toEqual([]);
      expect(refused.err.join('\n')).toMatch(
        engine === 'sqlite'
          ? /^.+garbage\.backup is not a sound SQLite database: /
          : /^Reading .+garbage\.backup as a pg_dump archive failed: /,
      );
      expect((await cli(targetUrl, 'restore', join(dir, 'missing.backup'))).err).toEqual([
        `There is no backup file ${join(dir, 'missing.backup')}.`,
      ]);

      if (engine === 'sqlite') {
        // A backup damaged after it was written: integrity_check names the damage.
        const damaged = join(dir, 'damaged.backup');
        const bytes = readFileSync(join(dir, 'study.backup'));
        const pageSize = bytes.readUInt16BE(16);
        for (let page = 2; page * pageSize < bytes.length; page += 2) bytes.fill(0x5a, page * pageSize + 8, page * pageSize + 64);
        writeFileSync(damaged, bytes);
        const result = await cli(targetUrl, 'restore', damaged);
        expect(result.code).toBe(1);
        expect(result.err[0]).toMatch(/(fails integrity_check|is not a sound SQLite database)/);

        // A SQLite file that is not a study-service database.
        const other = join(dir, 'other.db');
        const db = new BetterSqlite3(other);
        db.exec('create table t (x)');
        db.close();
        expect((await cli(targetUrl, 'restore', other)).err).toEqual([
          `${other} is not a study-service database (it has no kysely_migration table).`,
        ]);
      }
    });
  });
}
