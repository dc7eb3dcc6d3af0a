import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CheckpointResult, WalCheckpointer } from './sqlite-driver.js';

/**
 * The worker's code (plain CommonJS, so it runs the same under tsx, the compiled build and the
 * tests): its own connection to the database file runs `wal_checkpoint(PASSIVE)` on each request.
 * A PASSIVE checkpoint never waits for a lock: it copies what no reader still needs, and makes the
 * syncs SQLite makes for any checkpoint (the WAL before the copy, the database file after it).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true, timeout: 0 });
db.pragma('synchronous = ' + workerData.synchronous);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ walFrames: row.log, copiedFrames: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * Checkpoints a database file's WAL on a worker thread (docs/decisions.md, "SQLite checkpoints off
 * the event loop"): SQLite's own checkpoint runs inside the COMMIT that crosses its threshold, on the
 * event loop, copying the WAL's pages and waiting for two fsyncs. Requests are answered one at a time.
 */
export function walCheckpointer(databasePath: string, synchronous: 'FULL' | 'NORMAL'): WalCheckpointer {
  const waiting: { resolve(result: CheckpointResult): void; reject(error: Error): void }[] = [];
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure = error;
    for (const next of waiting.splice(0)) next.reject(error);
  };
  // Started at the first checkpoint: a server that never writes much never pays for the thread.
  let worker: Worker | null = null;
  const started = (): Worker => {
    if (worker !== null) return worker;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path: databasePath, synchronous } });
    // The server's lifetime is not the worker's to decide.
    worker.unref();
    worker.on('message', (answer: CheckpointResult | { error: string }) => {
      const next = waiting.shift();
      if ('error' in answer) next?.reject(new Error(answer.error));
      else next?.resolve(answer);
    });
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('The checkpoint worker has stopped.')));
    return worker;
  };
  let closed: Promise<void> | null = null;
  return {
    checkpoint() {
      if (failure !== null || closed !== null) return Promise.reject(failure ?? new Error('The checkpointer is closed.'));
      const running = started();
      return new Promise<CheckpointResult>((resolve, reject) => {
        waiting.push({ resolve, reject });
        running.postMessage('checkpoint');
      });
    },
    close() {
      const running = worker;
      closed ??=
        running === null || failure !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              // Held while it closes: awaited by a shutdown, the unreferenced worker would let the
              // process end before its connection is closed.
              running.ref();
              running.once('exit', () => resolve());
              running.postMessage('close');
            });
      return closed;
    },
  };
}
