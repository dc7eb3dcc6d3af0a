import { connect as connectSocket, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { connect } from '../../src/db/connect.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, seedSubjects } from '../support/factories.js';
import { serverKeepingNothing, twoPageCurriculum } from '../support/learner-pages.js';

/**
 * Pages of assignments with different rows: two of 500, each stored body longer than a connection's
 * own buffer (128 KB), and one of 300 that the connection frames in its own buffer (then lent, never given back).
 */
const PAGES = ['/api/v1/assignments', '/api/v1/assignments?page_after_id=60', '/api/v1/assignments?page_after_id=320'];
/** Pipelined on one socket the client does not read: more than loopback's buffers take, so a response is left half written. */
const PIPELINED = 40;

/**
 * Reads `heads.length` responses from `socket`, in order (`heads` says which answer a HEAD): each
 * its status, Content-Length and body (none for a HEAD or a 304).
 */
function responses(socket: Socket, heads: readonly boolean[]): Promise<{ status: number; length: number; body: Buffer }[]> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const read: { status: number; length: number; body: Buffer }[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = received.subarray(0, end).toString('latin1');
        const status = Number(head.slice(9, 12));
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        const bodyLength = heads[read.length] === true || status === 304 ? 0 : length;
        if (received.length < end + 4 + bodyLength) return;
        read.push({ status, length, body: Buffer.from(received.subarray(end + 4, end + 4 + bodyLength)) });
        received = received.subarray(end + 4 + bodyLength);
        if (read.length === heads.length) {
          socket.destroy();
          resolve(read);
          return;
        }
      }
    });
  });
}

/**
 * A stored page served by a server keeping nothing hands its bytes back to the database connection
 * that read them once its response is written (src/http/stored-pages.ts, giveBackOnceWritten): on
 * PostgreSQL the connection frames its next long row in them. Every response must still be the
 * page's bytes, whatever the connection read meanwhile.
 */
describeEachEngine('A stored page’s bytes given back once written', (t) => {
  /** The learner's pages stored by a server keeping nothing; the reference bytes of each. */
  async function storedPages(app: TestApp): Promise<{ token: string; expected: Map<string, Buffer>; etags: Map<string, string> }> {
    await seedSubjects(app.deps, twoPageCurriculum());
    const { token } = await createLearner(app.deps);
    const reference = await serverKeepingNothing(app.deps, { STORED_PAGES_MB: '0' });
    const writer = await serverKeepingNothing(app.deps);
    const expected = new Map<string, Buffer>();
    const etags = new Map<string, string>();
    try {
      for (const address of PAGES) {
        const res = await reference.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${token}` } });
        expect(res.rawPayload.length).toSatisfy((length: number) =>
          address === PAGES[2] ? length > 70_000 && length < 125_000 : length > 150_000,
        );
        expected.set(address, res.rawPayload);
        etags.set(address, res.headers.etag as string);
        expect((await writer.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      }
    } finally {
      await reference.close();
      // Closing stores what it built.
      await writer.close();
    }
    return { token, expected, etags };
  }

  /** A server keeping nothing (or as `overrides` say), listening; on PostgreSQL with a pool of one connection, so every page is read on the same one. */
  async function listening(
    app: TestApp,
    overrides: Record<string, string> = {},
  ): Promise<{ server: FastifyInstance; port: number; close: () => Promise<void> }> {
    const db =
      app.engine === 'postgres' ? connect(app.deps.config.databaseUrl, { pgSchema: app.testDb.pgSchema!, pgPoolSize: 1 }) : app.deps.db;
    const server = await serverKeepingNothing({ ...app.deps, db }, overrides);
    await server.listen({ host: '127.0.0.1', port: 0 });
    return {
      server,
      port: (server.server.address() as { port: number }).port,
      close: async () => {
        await server.close();
        if (db !== app.deps.db) await db.close();
      },
    };
  }

  it('serves every page whole while a slow client holds its response half written and the connection reads other pages', async () => {
    const app = t();
    const { token, expected, etags } = await storedPages(app);
    const { port, close } = await listening(app);
    try {
      // Pipelined requests the client does not read yet: pages in turn, a HEAD, a 304 and a coding
      // asked for among them (a server keeping nothing sends every page plain).
      const kinds = Array.from({ length: PIPELINED }, (_, i) => ({
        address: PAGES[i % PAGES.length]!,
        head: i % 5 === 2,
        headers: i % 5 === 3 ? `If-None-Match: ${etags.get(PAGES[1]!)}\r\n` : i % 5 === 4 ? 'Accept-Encoding: gzip, br\r\n' : '',
      }));
      const slow = connectSocket(port, '127.0.0.1');
      slow.pause();
      const read = responses(
        slow,
        kinds.map((k) => k.head),
      );
      slow.write(
        kinds
          .map(
            ({ address, head, headers }) =>
              `${head ? 'HEAD' : 'GET'} ${address} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n${headers}\r\n`,
          )
          .join(''),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Meanwhile other clients read every page, on the same connection to the database.
      for (let i = 0; i < 9; i += 1) {
        const address = PAGES[i % PAGES.length]!;
        const res = await fetch(`http://127.0.0.1:${port}${address}`, { headers: { authorization: `Bearer ${token}` } });
        expect(Buffer.from(await res.arrayBuffer()).equals(expected.get(address)!)).toBe(true);
      }
      // A client that goes away halfway through a page.
      const gone = connectSocket(port, '127.0.0.1');
      gone.write(`GET ${PAGES[0]} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      await new Promise((resolve) => gone.once('data', resolve));
      gone.destroy();
      for (const address of [...PAGES].reverse()) {
        const res = await fetch(`http://127.0.0.1:${port}${address}`, { headers: { authorization: `Bearer ${token}` } });
        expect(Buffer.from(await res.arrayBuffer()).equals(expected.get(address)!)).toBe(true);
      }
      slow.resume();
      const answers = await read;
      answers.forEach(({ status, length, body }, i) => {
        const { address, head, headers } = kinds[i]!;
        const page = expected.get(address)!;
        if (headers.startsWith('If-None-Match') && address === PAGES[1]) {
          expect(status, `${i}`).toBe(304);
          return;
        }
        expect(status, `${i}`).toBe(200);
        expect(length, `${i}`).toBe(page.length);
        if (!head) expect(body.equals(page), `${i} ${address}`).toBe(true);
      });
    } finally {
      await close();
    }
  });

  it('serves pages stored under an earlier state and the same now whole, their entries alone stored again, while a slow client holds one half written', async () => {
    const app = t();
    const { token, expected } = await storedPages(app);
    // A write elsewhere in the learner's data: every page stored is of an earlier state, its rows the same.
    const subject = await app.deps.db.kysely.selectFrom('subjects').select('id').orderBy('id').executeTakeFirstOrThrow();
    const created = await app.post('/api/v1/study_materials', token, {
      study_material: { subject_id: subject.id, meaning_note: 'a note' },
    });
    expect(created.statusCode).toBe(201);
    const bodies = await app.deps.db.kysely.selectFrom('stored_page_bodies').select(['etag']).orderBy('etag').execute();
    const { port, close } = await listening(app);
    try {
      const slow = connectSocket(port, '127.0.0.1');
      slow.pause();
      const kinds = Array.from({ length: PIPELINED }, (_, i) => PAGES[i % PAGES.length]!);
      const read = responses(
        slow,
        kinds.map(() => false),
      );
      slow.write(kinds.map((address) => `GET ${address} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`).join(''));
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let i = 0; i < 9; i += 1) {
        const address = PAGES[(i * 2) % PAGES.length]!;
        const res = await fetch(`http://127.0.0.1:${port}${address}`, { headers: { authorization: `Bearer ${token}` } });
        expect(Buffer.from(await res.arrayBuffer()).equals(expected.get(address)!), `${i} ${address}`).toBe(true);
      }
      slow.resume();
      (await read).forEach(({ status, body }, i) => {
        expect(status, `${i}`).toBe(200);
        expect(body.equals(expected.get(kinds[i]!)!), `${i} ${kinds[i]}`).toBe(true);
      });
    } finally {
      // Closing stores what is pending.
      await close();
    }
    // Stored again under the learner's state now, by their entries: the bytes stored are the same ones.
    const { change_stamp: stamp } = await app.deps.db.kysely.selectFrom('users').select('change_stamp').executeTakeFirstOrThrow();
    const entries = await app.deps.db.kysely
      .selectFrom('stored_pages')
      .select(['address', 'version'])
      .where('address', 'in', PAGES)
      .execute();
    expect(entries.map((e) => e.address).sort()).toEqual([...PAGES].sort());
    for (const { address, version } of entries) expect(version, address).toContain(`@${stamp} `);
    expect(await app.deps.db.kysely.selectFrom('stored_page_bodies').select(['etag']).orderBy('etag').execute()).toEqual(bodies);
  });

  it('keeps the bytes of a stored page the page memo keeps, plain and compressed, while the connection reads other pages', async () => {
    const app = t();
    const { token, expected } = await storedPages(app);
    const { port, close } = await listening(app, { LEARNER_PAGE_CACHE_MB: '64' });
    try {
      const get = async (address: string, coding = 'identity') => {
        const res = await fetch(`http://127.0.0.1:${port}${address}`, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': coding },
        });
        return { coding: res.headers.get('content-encoding'), body: Buffer.from(await res.arrayBuffer()) };
      };
      for (let round = 0; round < 3; round += 1)
        for (const address of PAGES) {
          // fetch decodes a coded body: the bytes are the plain page's either way.
          const { body } = await get(address, round === 2 ? 'br' : 'identity');
          expect(body.equals(expected.get(address)!), `${round} ${address}`).toBe(true);
        }
    } finally {
      await close();
    }
  });
});
