import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  to: string;
  title: string;
  body: string;
  badge: number;
  sound?: string;
  data: { url: string };
}

/**
 * A push provider on loopback that speaks the provider's HTTP API: a JSON array of messages in,
 * `{data: [ticket, ...]}` out. It records every request, answers DeviceNotRegistered for the
 * tokens in `unregistered`, and can fail the next requests with a status.
 */
export interface FakePush {
  url: string;
  requests: { headers: IncomingHttpHeaders; messages: ReceivedPush[] }[];
  unregistered: Set<string>;
  /** Answer the next `times` requests with `status` (a 5xx to exercise the retries). */
  failNext(status: number, times?: number): void;
  /** Hold every answer until `release` is called (to overlap two runs); `arrived` resolves on the first held request. */
  hold(): { arrived: Promise<void>; release: () => void };
  messages(): ReceivedPush[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakePush(): Promise<FakePush> {
  const requests: FakePush['requests'] = [];
  const unregistered = new Set<string>();
  let failures: { status: number; times: number } = { status: 500, times: 0 };
  let gate: Promise<void> | null = null;
  let onArrival: (() => void) | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      onArrival?.();
      if (gate) await gate;
      if (failures.times > 0) {
        failures.times -= 1;
        response.writeHead(failures.status, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 'INTERNAL', message: 'fake failure' }] }));
        return;
      }
      const messages = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedPush[];
      requests.push({ headers: request.headers, messages });
      const data = messages.map((m) =>
        unregistered.has(m.to)
          ? { status: 'error', message: `"${m.to}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered', expoPushToken: m.to } }
          : { status: 'ok', id: `ticket-${requests.length}-${m.to}` },
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/--/api/v2/push/send`,
    requests,
    unregistered,
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
    hold: () => {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (onArrival = resolve));
      return {
        arrived,
        release: () => {
          onArrival = null;
          gate = null;
          release();
        },
      };
    },
    messages: () => requests.flatMap((r) => r.messages),
    reset: () => {
      requests.length = 0;
      unregistered.clear();
      failures = { status: 500, times: 0 };
      gate = null;
      onArrival = null;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
