import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiedRows, copyOut, withLiterals } from '../../src/db/copied-rows.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../support/db.js';

/** Rows read from PostgreSQL as bytes through a binary COPY (src/db/copied-rows.ts). */
describe.skipIf(!TEST_DATABASE_URL)('copied rows (postgres)', () => {
  let test: TestDb;
  let client: pg.Client;
  beforeAll(async () => {
    test = await createTestDb('postgres');
    client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${test.pgSchema}` });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await test.destroy();
  });

  it('reads numbers, text and bytes as sent, null for NULL, every row', async () => {
    const body = `{"note":"a \\"quoted\\" 日本語 note ${'x'.repeat(300_000)}"}`;
    const text = withLiterals(
      `select * from (values (1::smallint, 2::integer, 9007199254740991::bigint, $1::text, $2::text), (null, null, null, null, $3)) as v`,
      ['ümlaut', body, 'second'],
    );
    const bytes = await copyOut(client, `copy (${text}) to stdout (format binary)`);
    const rows = copiedRows(bytes, ['number', 'number', 'number', 'text', 'bytes']);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 4)).toEqual([1, 2, Number.MAX_SAFE_INTEGER, 'ümlaut']);
    expect(Buffer.isBuffer(rows[0]![4])).toBe(true);
    expect((rows[0]![4] as Buffer).equals(Buffer.from(body))).toBe(true);
    expect(rows[1]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect((rows[1]![4] as Buffer).toString()).toBe('second');
    expect(copiedRows(await copyOut(client, `copy (select 1 where false) to stdout (format binary)`), ['number'])).toEqual([]);
  });

  it('writes each value in as a literal that stays a value, whatever quotes and backslashes it holds', async () => {
    const values = [`'; drop table users; --`, `\\' or 1=1 --`, `a\\b'c"d`, `$1 $2`, '日本語'];
    const text = withLiterals(
      `select ${values.map((_v, i) => `$${i + 1}::text`).join(', ')}, $${values.length + 1}::bigint, $${values.length + 2}::text`,
      [...values, 1_732_700_000_000, null],
    );
    const bytes = await copyOut(client, `copy (${text}) to stdout (format binary)`);
    const [row] = copiedRows(bytes, [...values.map(() => 'text' as const), 'number', 'text']);
    expect(row).toEqual([...values, 1_732_700_000_000, null]);
    expect(() => withLiterals('select $1', [Number.NaN])).toThrow();
    expect(() => withLiterals('select $1', [{}])).toThrow();
  });

  it('refuses a failed COPY with its error, and leaves the connection usable', async () => {
    await expect(copyOut(client, `copy (select 1/0) to stdout (format binary)`)).rejects.toThrow(/division by zero/);
    expect((await client.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
  });
});
