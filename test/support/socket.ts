import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/services/deps.js';

/** A real listening server on loopback for `body`, closed afterwards. */
export async function withListeningApp<T>(deps: Deps, body: (port: number, app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(deps);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return await body((app.server.address() as { port: number }).port, app);
  } finally {
    await app.close();
  }
}

export interface RawExchange {
  /** Everything the server sent, as text. */
  received: string;
  /** Whether the server closed the connection (rather than the wait running out). */
  closedByServer: boolean;
}

/**
 * Writes `head` (and then `body`, if given, only after `sendBodyAfterMs`) on a raw socket and
 * collects what comes back until the server closes or `waitMs` passes.
 */
export function rawExchange(port: number, head: string, options: { body?: Buffer; waitMs?: number } = {}): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (options.body) socket.write(options.body);
    });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedByServer: false });
    }, options.waitMs ?? 2000);
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedByServer: true });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The status line, headers (lower-cased names) and body of the first response in `text`. */
export function parseRawResponse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length'] ?? 0);
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4, end + 4 + length) };
}

/** One request with node:http (which, unlike fetch, sends any header, Expect included). */
export function httpAnswer(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string> },
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      method: options.method ?? 'GET',
      path: options.path,
      headers: options.headers ?? {},
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
