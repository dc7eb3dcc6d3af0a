import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CommitSync } from './sqlite-driver.js';

/**
 * The fdatasync SQLite makes after each COMMIT under synchronous=FULL in WAL mode, made by us on
 * libuv's threadpool instead of inside the COMMIT on the event loop (docs/decisions.md, "SQLite
 * commits synced off the event loop"). The writing connection runs with synchronous=NORMAL, which
 * keeps every other sync SQLite makes (the WAL before a checkpoint, the database after it, the WAL
 * header when the file is reused), so with this sync after each COMMIT nothing is weaker than FULL.
 *
 * The WAL file keeps its inode while the server's connections are open (SQLite deletes it only when
 * the last connection closes), so it is opened once. As SQLite does when it creates the WAL, the
 * directory is synced too, once, so the file's entry survives a power cut.
 */
export function walSync(databasePath: string): CommitSync {
  let wal: Promise<FileHandle> | null = null;
  const openWal = async (): Promise<FileHandle> => {
    const handle = await open(`${databasePath}-wal`, 'r');
    const directory = await open(dirname(databasePath), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
    return handle;
  };
  return {
    async sync() {
      wal ??= openWal();
      try {
        await (await wal).datasync();
      } catch (error) {
        wal = null;
        throw error;
      }
    },
    async close() {
      const handle = wal;
      wal = null;
      await (await handle?.catch(() => null))?.close();
    },
  };
}
