import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CachedSqliteDialect } from '../../src/db/sqlite-driver.js';

/** Rows made by the driver (src/db/sqlite-rows.ts) against the objects better-sqlite3 makes itself. */
describe('SQLite rows made from raw values', () => {
  let raw: BetterSqlite3.Database;
  let db: Kysely<object>;

  beforeEach(async () => {
    raw = new BetterSqlite3(':memory:');
    db = new Kysely({ dialect: new CachedSqliteDialect(raw, null) });
    await sql`create table t (id integer primary key, name text, score real, data blob, gone integer)`.execute(db);
    await sql`insert into t values (1, 'kanji', 0.5, x'0102', null), (2, 'radical', 2, null, 7)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
  });

  const both = async (text: string) => ({
    driver: (await sql.raw(text).execute(db)).rows,
    own: raw.prepare(text).all(),
  });

  it('answers what better-sqlite3 answers: names, their order, a name given twice in its first place with its last value', async () => {
    const { driver, own } = await both('select t.id, t.name, t.score, t.data, t.gone, t.id + 10 as name from t order by t.id');
    expect(driver).toEqual(own);
    expect(driver.map((row) => Object.keys(row as object))).toEqual(own.map((row) => Object.keys(row as object)));
    expect(driver[0]).toEqual({ id: 1, name: 11, score: 0.5, data: Buffer.from([1, 2]), gone: null });
    expect(Object.getPrototypeOf(driver[0])).toBe(Object.prototype);
  });

  it('reads a table’s columns anew after a schema change when the statement says `*`', async () => {
    const text = 'select * from t where id = 1';
    expect((await sql.raw(text).execute(db)).rows).toEqual([{ id: 1, name: 'kanji', score: 0.5, data: Buffer.from([1, 2]), gone: null }]);
    await sql`alter table t drop column gone`.execute(db);
    await sql`alter table t add column level integer default 3`.execute(db);
    const { driver, own } = await both(text);
    expect(driver).toEqual([{ id: 1, name: 'kanji', score: 0.5, data: Buffer.from([1, 2]), level: 3 }]);
    expect(driver).toEqual(own);
  });

  it('makes a column named __proto__ the prototype, as better-sqlite3 does', async () => {
    for (const value of ['null', "x'01'", '1']) {
      const { driver, own } = await both(`select ${value} as "__proto__", name from t where id = 2`);
      expect(driver.map((row) => Object.keys(row as object))).toEqual(own.map((row) => Object.keys(row as object)));
      expect(driver.map((row) => Object.getPrototypeOf(row))).toEqual(own.map((row) => Object.getPrototypeOf(row)));
    }
  });
});
