import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { REDACTED_LOG_PATHS, serializeRequestForLog } from '../http/log-redaction.js';
import { loadConfig } from '../config/index.js';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrator.js';
import { readSubjectDump } from '../content/read-dump.js';
import { accountExists, createAccount } from '../services/accounts.js';
import { bundledContentAction, holdsBundledContent, importSubjects, recordContentRelease, type ImportReport } from '../services/content.js';
import { mintApiToken } from '../services/credentials.js';
import type { Deps } from '../services/deps.js';
import { NUDGE_TICK_HOUR_UTC, startTicks } from '../jobs/ticks.js';
import type { Scheduler } from '../jobs/scheduler.js';
import { Metrics } from '../metrics/index.js';
import { systemClock } from '../shared/clock.js';
import { failureMessage } from '../shared/result.js';
import { bundledContentPath, contentChecksum } from './bundled-content.js';
import { CURRICULUM_TEMPLATE_PATH, seedFromCurriculumTemplate } from './curriculum-template.js';
import { requireReachable, type Io } from './context.js';
import { newLoginLink } from './login-link.js';

export const DEMO_USERNAME = 'demo';

const count = (report: ImportReport, key: keyof ImportReport[keyof ImportReport]): number =>
  Object.values(report).reduce((n, c) => n + c[key], 0);

/**
 * Loads the bundled curriculum into an empty database, or over an earlier bundled release when the
 * shipped file changed (an upgrade): subjects are upserted by id, so learners keep their assignments
 * and new subjects at or below their level unlock by the usual rule. A normal start only hashes the
 * file and reads one row. Content an operator imported is never overwritten.
 */
export async function prepareBundledContent(deps: Deps, io: Io, path: string = bundledContentPath()): Promise<void> {
  const sha256 = await contentChecksum(path);
  const action = await bundledContentAction(deps, sha256);
  if (action === 'current' || action === 'imported') return;
  const started = Date.now();
  const sources = await readSubjectDump(path);
  if (action === 'unknown' && !(await holdsBundledContent(deps, sources))) {
    await recordContentRelease(deps, { origin: 'import', sha256: null });
    io.out(`The database holds imported content; the bundled curriculum (${path}) is not loaded over it.`);
    return;
  }
  const imported = await importSubjects(deps, sources, { origin: 'bundled', sha256 });
  if (!imported.ok) throw new Error(`Bundled content could not be loaded: ${failureMessage(imported.failure)}`);
  const report = imported.value;
  const ms = Date.now() - started;
  if (action === 'load') io.out(`Loaded ${count(report, 'inserted')} subjects from ${path} in ${ms} ms.`);
  else {
    io.out(
      `Updated the bundled curriculum from ${path} in ${ms} ms: ${count(report, 'inserted')} new, ` +
        `${count(report, 'updated')} changed, ${count(report, 'unchanged')} unchanged subjects.`,
    );
  }
}

/** First run: bundled content into an empty database (or its upgrade), and the demo account with a token shown once. */
export async function prepareFirstRun(deps: Deps, io: Io, contentPath: string = bundledContentPath()): Promise<void> {
  await prepareBundledContent(deps, io, contentPath);
  if (deps.config.createDemoAccount && !(await accountExists(deps, DEMO_USERNAME))) {
    const created = await createAccount(deps, { username: DEMO_USERNAME });
    if (!created.ok) throw new Error(`Demo account could not be created: ${failureMessage(created.failure)}`);
    const minted = await mintApiToken(deps, DEMO_USERNAME, { label: 'demo (first start)' });
    if (!minted.ok) throw new Error(`Demo token could not be minted: ${failureMessage(minted.failure)}`);
    io.out(`Created the "${DEMO_USERNAME}" account. Its API token (shown once, keep it):`);
    io.out(minted.value.token);
    const link = await newLoginLink(deps, DEMO_USERNAME);
    if (!link.ok) throw new Error(`Demo sign-in link could not be minted: ${failureMessage(link.failure)}`);
    io.out(
      `Open this link to study in the browser (works once, for 15 minutes; \`npx study-service login-link ${DEMO_USERNAME}\` prints another):`,
    );
    io.out(link.value);
  }
}

/** The address the server listens on, as a URL (what the banner names when it differs from PUBLIC_BASE_URL). */
function listenUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return String(address);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Stops the server: no new connections, in-flight requests and a running tick finish, then the pool
 * closes. What is still open after `timeoutMs` (a stalled client, a hung request) is cut off, so a
 * SIGTERM always ends the process in bounded time. A second signal cuts off at once.
 */
async function shutDown(app: FastifyInstance, deps: Deps, ticks: Scheduler | null, timeoutMs: number, signal: string): Promise<void> {
  const log = app.log;
  const started = Date.now();
  const open = await new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count)));
  log.info({ signal, openConnections: open, timeoutMs }, 'shutting down: no new connections; waiting for requests in flight');
  let forced = false;
  const force = () => {
    if (forced) return;
    forced = true;
    app.server.getConnections((_error, count) => {
      log.warn({ connections: count }, 'shutdown deadline reached: closing the connections still open');
      app.server.closeAllConnections();
    });
  };
  const deadline = setTimeout(force, timeoutMs);
  process.once('SIGTERM', force);
  process.once('SIGINT', force);
  await Promise.all([ticks?.stop(), app.close()]);
  clearTimeout(deadline);
  await deps.db.close();
  log.info({ ms: Date.now() - started, forced }, 'shut down: server and database closed');
}

/**
 * `serve`: a new SQLite database made from the build's prepared copy (curriculum-template.ts),
 * migrate, first-run preparation, listen, and with `--ticks` (or RUN_TICKS) the in-process ticks;
 * SIGTERM/SIGINT stop accepting, let requests in flight and a running tick finish (within
 * SHUTDOWN_TIMEOUT_SECONDS), then close the pool.
 */
export async function serveCommand(io: Io, options: { ticks?: boolean } = {}): Promise<number> {
  const config = loadConfig();
  const metrics = new Metrics();
  const seeding = Date.now();
  if (seedFromCurriculumTemplate(config.databaseUrl)) {
    io.out(
      `Loaded the bundled curriculum from ${CURRICULUM_TEMPLATE_PATH}, the database the build prepared, in ${Date.now() - seeding} ms.`,
    );
  }
  // The app's logger exists only once the app is built: a connection lost before then is told on stderr.
  const lostConnection = 'A PostgreSQL connection idle in the pool was lost; a new one is opened when needed.';
  let reportLostConnection = (error: Error): void => io.err(`${lostConnection} (${error.message})`);
  const db = connect(config.databaseUrl, {
    sqliteSynchronous: config.sqliteSynchronous,
    observeTransaction: (outcome, seconds) => metrics.observeTransaction(outcome, seconds),
    onIdleConnectionLost: (error) => reportLostConnection(error),
  });
  metrics.watchPool(() => db.poolStats());
  const deps: Deps = { db, clock: systemClock, config };
  try {
    await requireReachable(db, config.databaseUrl);
    const applied = await migrateToLatest(db);
    for (const name of applied) io.out(`Applied migration ${name}`);
    await prepareFirstRun(deps, io);
  } catch (error) {
    await db.close();
    throw error;
  }

  const app = await buildApp(deps, {
    metrics,
    logger: {
      level: config.logLevel,
      redact: REDACTED_LOG_PATHS,
      // One-click unsubscribe carries the link's token in the query string: it never reaches the log.
      serializers: { req: serializeRequestForLog },
    },
  });
  // The reason alone: pg's pool hangs the whole client on the error, its connection settings with it.
  reportLostConnection = (error) => app.log.warn({ reason: error.message }, lostConnection);
  await app.listen({ host: config.host, port: config.port });
  const listening = listenUrl(app);
  const publicOrigin = new URL(config.publicBaseUrl).origin;
  io.out(listening === publicOrigin ? `Serving ${config.publicBaseUrl}` : `Serving ${config.publicBaseUrl} (listening on ${listening})`);
  const ticks = options.ticks === true || config.runTicks ? startTicks(deps, app.log, metrics) : null;
  if (ticks) io.out(`Running the push tick hourly and the nudge tick daily at ${NUDGE_TICK_HOUR_UTC}:00 UTC.`);

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  await shutDown(app, deps, ticks, config.shutdownTimeoutSeconds * 1000, signal);
  return 0;
}
