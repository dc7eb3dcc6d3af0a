import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_PLAN } from '../../src/db/generic-plans.js';
import { preparingPool, type PreparingPool } from '../../src/db/prepared-statements.js';
import { TEST_DATABASE_URL } from '../support/db.js';

/**
 * A statement whose text asks for its generic plan (src/db/generic-plans.ts) runs with
 * `plan_cache_mode = force_generic_plan` for itself alone, in one round trip.
 */
describe.skipIf(!TEST_DATABASE_URL)('generic plans (postgres)', () => {
  let pool: pg.Pool;
  let statements: PreparingPool;
  beforeAll(() => {
    // One connection: every statement below runs on the same one, and sees what the others left.
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    statements = preparingPool(pool);
  });
  afterAll(async () => {
    await pool.end();
  });

  const modeNow = async () =>
    (await statements.runAlone(`select current_setting('plan_cache_mode') as mode, $1::int as n`, [1])).rows[0].mode as string;
  const plansOf = async (text: string) =>
    (await statements.runAlone(`select generic_plans, custom_plans from pg_prepared_statements where statement = $1`, [text])).rows.map(
      (r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }),
    );

  it('runs the statement under force_generic_plan and gives the connection back its own setting', async () => {
    const text = `${GENERIC_PLAN}select g as n, current_setting('plan_cache_mode') as mode from generate_series(1, $1::int) as g`;
    for (const count of [2, 3]) {
      const result = await statements.runAlone(text, [count]);
      expect(result.command).toBe('SELECT');
      expect(result.rows).toEqual(Array.from({ length: count }, (_, i) => ({ n: i + 1, mode: 'force_generic_plan' })));
      expect(await modeNow()).toBe('auto');
    }
    expect(await plansOf(text)).toEqual([{ generic: 2, custom: 0 }]);
  });

  it('leaves the connection at its own setting when the statement fails', async () => {
    await expect(statements.runAlone(`${GENERIC_PLAN}select 1 / $1::int as n`, [0])).rejects.toThrow(/division by zero/);
    expect(await modeNow()).toBe('auto');
  });

  it('leaves any other statement to PostgreSQL’s own choice: custom plans first', async () => {
    const text = `select $1::int + 1 as n`;
    for (const n of [1, 2]) expect((await statements.runAlone(text, [n])).rows).toEqual([{ n: n + 1 }]);
    expect(await plansOf(text)).toEqual([{ generic: 0, custom: 2 }]);
  });
});
