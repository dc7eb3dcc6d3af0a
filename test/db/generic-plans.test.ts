import type { EventEmitter } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_PLAN } from '../../src/db/generic-plans.js';
import { preparingPool, type PreparingPool } from '../../src/db/prepared-statements.js';
import { TEST_DATABASE_URL } from '../support/db.js';

/**
 * A statement whose text asks for its generic plan (src/db/generic-plans.ts) runs with
 * `plan_cache_mode = force_generic_plan`, every other one with the connection's own setting, each
 * in one round trip; the setting is sent only when the connection's must change, and what a failed
 * statement or a rollback undoes is sent again.
 */
describe.skipIf(!TEST_DATABASE_URL)('generic plans (postgres)', () => {
  let pool: pg.Pool;
  let statements: PreparingPool;
  /** The settings' statements PostgreSQL completed on the pool's one connection, in order. */
  const settings: string[] = [];
  beforeAll(async () => {
    // One connection: every statement below runs on the same one, and sees what the others left.
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    statements = preparingPool(pool);
    const client = await pool.connect();
    (client as unknown as { connection: EventEmitter }).connection.on('commandComplete', (message: { text: string }) => {
      if (message.text === 'SET' || message.text === 'RESET') settings.push(message.text);
    });
    client.release();
  });
  afterAll(async () => {
    await pool.end();
  });

  const MODE = `select current_setting('plan_cache_mode') as mode, $1::int as n`;
  const modeNow = async () => (await statements.runAlone(MODE, [1])).rows[0].mode as string;
  const genericModeNow = async () => (await statements.runAlone(`${GENERIC_PLAN}${MODE}`, [1])).rows[0].mode as string;
  /** The settings sent while `work` runs. */
  const settingsSentBy = async (work: () => Promise<unknown>) => {
    const before = settings.length;
    await work();
    return settings.slice(before);
  };
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

  it('sends the setting only when the connection is not in the mode a statement needs', async () => {
    await modeNow();
    const sent = await settingsSentBy(async () => {
      for (let i = 0; i < 3; i += 1) expect(await genericModeNow()).toBe('force_generic_plan');
      for (let i = 0; i < 2; i += 1) expect(await modeNow()).toBe('auto');
      expect(await genericModeNow()).toBe('force_generic_plan');
    });
    expect(sent).toEqual(['SET', 'RESET', 'SET']);
  });

  it('sends the setting again after a failed statement undid it', async () => {
    const fails = (text: string) => expect(statements.runAlone(`${text}select 1 / $1::int as n`, [0])).rejects.toThrow(/division by zero/);
    // In the generic mode, a statement of the connection's own fails: its RESET is undone with it.
    expect(await genericModeNow()).toBe('force_generic_plan');
    await fails('');
    expect(await modeNow()).toBe('auto');
    // In the connection's own, a generic statement fails: its SET is undone with it.
    await fails(GENERIC_PLAN);
    expect(await genericModeNow()).toBe('force_generic_plan');
  });

  /** Runs `work` on a connection of the pool as Kysely does (its transactions' statements included). */
  const onConnection = async (work: (query: (text: string, parameters?: unknown[]) => Promise<string>) => Promise<void>) => {
    const client = await statements.connect();
    try {
      await work(async (text, parameters = []) => {
        const { rows } = await client.query(text, parameters);
        return (rows[0] as { mode?: string } | undefined)?.mode as string;
      });
    } finally {
      client.release();
    }
  };

  it('follows transaction blocks: a rollback gives back the mode before, a commit keeps the one inside', async () => {
    expect(await genericModeNow()).toBe('force_generic_plan');
    await onConnection(async (query) => {
      await query('begin');
      expect(await query(MODE, [1])).toBe('auto');
      await query('rollback');
      expect(await query(MODE, [2])).toBe('auto');
      await query('begin');
      expect(await query(`${GENERIC_PLAN}${MODE}`, [1])).toBe('force_generic_plan');
      await query('rollback');
      expect(await query(`${GENERIC_PLAN}${MODE}`, [2])).toBe('force_generic_plan');
      await query('begin');
      expect(await query(MODE, [3])).toBe('auto');
      await query('commit');
    });
    expect(await settingsSentBy(async () => expect(await modeNow()).toBe('auto'))).toEqual([]);
  });

  it('sends the setting again after a rollback to a savepoint gave back the one before', async () => {
    expect(await genericModeNow()).toBe('force_generic_plan');
    await onConnection(async (query) => {
      await query('begin');
      expect(await query(`${GENERIC_PLAN}${MODE}`, [1])).toBe('force_generic_plan');
      await query('savepoint before_reset');
      expect(await query(MODE, [1])).toBe('auto');
      await query('rollback to savepoint before_reset');
      expect(await query(MODE, [2])).toBe('auto');
      await query('commit');
    });
    expect(await modeNow()).toBe('auto');
  });
});
