import { fork } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A response as it crossed the wire: status, headers and the raw (possibly compressed) bytes. */
export interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GETs `path` from `base` with node:http (no decompression, no body parsing) and keeps the bytes. */
export function capture(base: string, path: string, headers: Record<string, string> = {}): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: flatten(res.headers), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // Hop-by-hop and per-response headers are the limit server's own.
    if (value === undefined || ['connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

export interface LimitServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The physical limit of a response on this machine: a bare node:http server that answers each
 * captured address with its captured bytes from memory. No routing, no auth, no database.
 */
export async function startLimitServer(pages: ReadonlyMap<string, Captured>): Promise<LimitServer> {
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (page === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(page.status, page.headers).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `startLimitServer` in a process of its own (limit-process.ts): the limit of a server measured in
 * another process (harness.ts, startServerElsewhere), so both answer beside the client, not on its
 * event loop.
 */
export async function startLimitElsewhere(pages: ReadonlyMap<string, Captured>): Promise<LimitServer> {
  const child = fork(fileURLToPath(new URL('./limit-process.ts', import.meta.url)), { serialization: 'advanced' });
  const started = once(child, 'message') as Promise<[{ url: string }]>;
  child.send(new Map(pages));
  const [{ url }] = await started;
  return {
    url,
    close: async () => {
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}
