import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../src/db/connect.js';
import { inTransaction } from '../../src/db/transaction.js';

const PAGE = 4096;
const FRAME = PAGE + 24;

/**
 * Checkpoints off the event loop (src/db/wal-checkpoint.ts through src/db/sqlite-driver.ts): a
 * worker thread copies the WAL into the database file while the server writes, and the WAL starts
 * afresh under a steady stream of writes, though the writing connection would checkpoint by itself
 * only at a far larger WAL.
 */
describe('SQLite checkpoints on a worker thread', () => {
  let path: string;
  let db: Db;

  beforeEach(async () => {
    path = join(tmpdir(), `study-checkpoint-${randomBytes(5).toString('hex')}.db`);
    db = connect(`sqlite:${path}`);
    await sql`create table probe (id integer primary key, body blob not null)`.execute(db.kysely);
  });

  afterEach(async () => {
    await db.close();
    for (const ext of ['', '-wal', '-shm']) rmSync(`${path}${ext}`, { force: true });
  });

  /**
   * The WAL's last frame and the frames copied into the database file, from SQLite's shared-memory
   * index (the `-shm` file: mxFrame at byte 16 of its header, nBackfill at byte 96, native order).
   */
  const walIndex = () => {
    const fd = openSync(`${path}-shm`, 'r');
    try {
      const head = Buffer.alloc(100);
      readSync(fd, head, 0, head.length, 0);
      return { lastFrame: head.readUInt32LE(16), copied: head.readUInt32LE(96) };
    } finally {
      closeSync(fd);
    }
  };

  const count = (handle: BetterSqlite3.Database) => (handle.prepare('select count(*) as n from probe').get() as { n: number }).n;

  it('keeps the WAL far shorter than what a steady stream of group commits writes', async () => {
    const inTransactionOfWriter = await db.kysely
      .transaction()
      .execute(async (trx) =>
        Number((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(trx)).rows[0]?.wal_autocheckpoint),
      );
    // The connection's own checkpoint would wait for this many frames: more than the test writes.
    expect(inTransactionOfWriter).toBe(10_000);
    const rounds = 120;
    const perRound = 30;
    for (let round = 0; round < rounds; round += 1) {
      // Each transaction writes a row of most of a page: a page of the WAL each.
      await Promise.all(
        Array.from({ length: perRound }, () =>
          inTransaction(db, (trx) => sql`insert into probe (body) values (randomblob(3000))`.execute(trx)),
        ),
      );
      await sleep(20);
    }
    const writtenFrames = rounds * perRound;
    const walFrames = Math.floor(statSync(`${path}-wal`).size / FRAME);
    expect(walFrames).toBeLessThan(writtenFrames * 0.6);
    const other = new BetterSqlite3(path, { readonly: true });
    try {
      expect(count(other)).toBe(writtenFrames);
      expect(other.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      other.close();
    }
  });

  it('copies the WAL to its end once writes stop, so reads no longer look pages up in it', async () => {
    // Rounds over longer than a checkpoint interval: a copy runs beside the writer meanwhile, and
    // the last commits come after it.
    for (let round = 0; round < 16; round += 1) {
      await Promise.all(
        Array.from({ length: 5 }, () => inTransaction(db, (trx) => sql`insert into probe (body) values (randomblob(3000))`.execute(trx))),
      );
      await sleep(50);
    }
    const written = walIndex();
    expect(written.lastFrame).toBeGreaterThan(0);
    let index = written;
    for (const started = Date.now(); index.copied < index.lastFrame && Date.now() - started < 5_000;) {
      await sleep(50);
      index = walIndex();
    }
    expect(index.copied).toBe(index.lastFrame);
    expect(index.lastFrame).toBe(written.lastFrame);
  });

  it("closes the worker's connection with the database: the last connection gone, SQLite removes the WAL", async () => {
    for (let round = 0; round < 40; round += 1) {
      await Promise.all(
        Array.from({ length: 20 }, () => inTransaction(db, (trx) => sql`insert into probe (body) values (randomblob(3000))`.execute(trx))),
      );
      await sleep(20);
    }
    await db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = new BetterSqlite3(path, { readonly: true });
    try {
      expect(count(reopened)).toBe(800);
    } finally {
      reopened.close();
    }
  });
});
