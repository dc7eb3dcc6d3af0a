// A server of its own in a child process on a bench server's database (harness.ts,
// startServerElsewhere): another instance, as a second server or one restarted would be, with its
// own connections, caches and event loop. The spec comes and the address goes over the IPC channel;
// `cpu` asks for the process's CPU so far (user and system, ms), `close` ends it.
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { connect } from '../../src/db/connect.js';
import { systemClock, type Clock } from '../../src/shared/clock.js';

interface Spec {
  env: Record<string, string>;
  pgSchema: string | null;
  /** The parent's "now" when its clock is fixed (a learner built over simulated days), else null. */
  now: number | null;
}

const spec = await new Promise<Spec>((resolve) => process.once('message', (m) => resolve(m as Spec)));
const config = loadConfig({ ...spec.env, LOG_LEVEL: 'silent' });
const db = connect(config.databaseUrl, {
  ...(spec.pgSchema === null ? { sqliteSynchronous: config.sqliteSynchronous } : { pgSchema: spec.pgSchema, pgPoolSize: 16 }),
});
const fixed = spec.now;
const clock: Clock = fixed === null ? systemClock : { now: () => fixed };
const app = await buildApp({ db, clock, config });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no address');
process.on('message', (message: string) => {
  if (message === 'cpu') {
    const used = process.cpuUsage();
    process.send!({ cpuMs: (used.user + used.system) / 1000 });
  } else if (message === 'close') {
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  }
});
process.send!({ url: `http://127.0.0.1:${address.port}` });
