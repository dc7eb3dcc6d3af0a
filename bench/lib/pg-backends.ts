import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import pg from 'pg';
import { PG_URL } from './harness.js';

const CLOCK_TICK_MS = 10;
const PG_PORT_HEX = ':1538';

/** User plus system CPU of a process, in clock ticks (0 once it is gone). */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The local ports of this process's TCP connections to port 5432 (its pools' connections to PostgreSQL). */
function ownPostgresPorts(): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      if (link.startsWith('socket:[')) inodes.add(link.slice('socket:['.length, -1));
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cells = line.trim().split(/\s+/);
      if (cells.length < 10 || !cells[2]!.endsWith(PG_PORT_HEX) || !inodes.has(cells[9]!)) continue;
      ports.add(Number.parseInt(cells[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/**
 * The CPU of the PostgreSQL backends serving this process's connections (its servers' pools),
 * found through a connection of its own (left out), from /proc/<pid>/stat: the database must run
 * on this machine. Other processes' backends (another bench on the same server) are not counted.
 */
export class OwnBackends {
  readonly #monitor = new pg.Client({ connectionString: PG_URL });

  async open(): Promise<void> {
    await this.#monitor.connect();
  }

  /** The backends of this process's connections, by pid. */
  async #backends(): Promise<number[]> {
    const ports = ownPostgresPorts();
    const { rows } = await this.#monitor.query<{ pid: number; port: number }>(
      'select pid, client_port as port from pg_stat_activity where pid <> pg_backend_pid()',
    );
    return rows.filter((r) => ports.has(r.port)).map((r) => r.pid);
  }

  /**
   * Starts a reading; `end` gives the CPU in ms the backends spent since, counting those opened
   * meanwhile (from their start) as well.
   */
  async start(): Promise<{ end(): Promise<number> }> {
    const before = new Map((await this.#backends()).map((pid) => [pid, cpuTicks(pid)]));
    return {
      end: async () => {
        const pids = new Set([...before.keys(), ...(await this.#backends())]);
        let ticks = 0;
        for (const pid of pids) ticks += Math.max(0, cpuTicks(pid) - (before.get(pid) ?? 0));
        return ticks * CLOCK_TICK_MS;
      },
    };
  }

  async close(): Promise<void> {
    await this.#monitor.end();
  }
}
