import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type DatabaseEngine } from '../../src/config/index.js';
import { connect } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import type { Deps } from '../../src/services/deps.js';
import { systemClock, type Clock } from '../../src/shared/clock.js';

/**
 * Benchmark harness: a real server on loopback over a fresh database per engine, and autocannon as
 * the load. PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
 */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export function benchEngines(): DatabaseEngine[] {
  const wanted = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as DatabaseEngine[];
  return wanted.filter((e) => e === 'sqlite' || (e === 'postgres' && PG_URL !== undefined));
}

export interface BenchServer {
  deps: Deps;
  url: string;
  close(): Promise<void>;
}

/** A migrated, empty database and a listening server; `clock` lets a scenario fix "now". */
export async function startBenchServer(engine: DatabaseEngine, clock: Clock = systemClock): Promise<BenchServer> {
  const suffix = randomBytes(5).toString('hex');
  const sqlitePath = join(tmpdir(), `study-bench-${suffix}.db`);
  const schema = `bench_${suffix}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const databaseUrl = engine === 'sqlite' ? `sqlite:${sqlitePath}` : (PG_URL as string);
  const db = connect(databaseUrl, engine === 'postgres' ? { pgSchema: schema, pgPoolSize: 16 } : {});
  await migrateToLatest(db);
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://127.0.0.1/api/v1' });
  const deps: Deps = { db, clock, config };
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    deps,
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      await db.close();
      if (engine === 'sqlite') for (const ext of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${ext}`, { force: true });
      else {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
  };
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon and keeps the figures the README reports. */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ ...options });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function machine(): string {
  return `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** One line per scenario and engine, ready for bench/README.md. */
export function printRow(scenario: string, engine: DatabaseEngine, figures: Record<string, string | number>): void {
  const cells = Object.entries(figures).map(([k, v]) => `${k} ${v}`);
  console.log(`| ${scenario} | ${engine} | ${cells.join(' | ')} |`);
}
