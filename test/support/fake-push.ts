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

/** A ticket's or a receipt's answer, in the provider's format. */
export type FakeAnswer =
  { status: 'ok'; id?: string } | { status: 'error'; message: string; details: { error: string; expoPushToken?: string } };

/** The provider's two endpoints, under one path. */
export type FakeEndpoint = 'send' | 'getReceipts';

/** The provider's answer for a device it no longer knows (in a ticket or in a receipt). */
export function deviceNotRegistered(token: string): FakeAnswer {
  return {
    status: 'error',
    message: `"${token}" is not a registered push notification recipient`,
    details: { error: 'DeviceNotRegistered', expoPushToken: token },
  };
}

/**
 * A push provider on loopback that speaks the provider's HTTP API. `<path>/send`: a JSON array of
 * messages in, `{data: [ticket, ...]}` out, DeviceNotRegistered for the tokens in `unregistered`
 * and an `ok` ticket with a fresh id for the others. `<path>/getReceipts`: `{ids}` in,
 * `{data: {id: receipt}}` out, each receipt as set in `receipts` (`null` leaves the id out, as the
 * provider does while a receipt is not ready), `ok` for any other ticket it issued, and nothing
 * for an id it never issued. It records every request and can fail the next ones of an endpoint.
 */
export interface FakePush {
  url: string;
  /** Answered sends. */
  requests: { headers: IncomingHttpHeaders; messages: ReceivedPush[] }[];
  /** Answered receipt requests. */
  receiptRequests: { headers: IncomingHttpHeaders; ids: string[] }[];
  unregistered: Set<string>;
  receipts: Map<string, FakeAnswer | null>;
  /** The ticket ids issued for messages to `token`, oldest first. */
  ticketsOf(token: string): string[];
  /** Answer the next `times` requests to `endpoint` (default: send) with `status` (a 5xx to exercise the retries). */
  failNext(status: number, times?: number, endpoint?: FakeEndpoint): void;
  /** Hold every answer until `release` is called (to overlap two runs); `arrived` resolves on the first held request. */
  hold(): { arrived: Promise<void>; release: () => void };
  messages(): ReceivedPush[];
  reset(): void;
  close(): Promise<void>;
}

const ENDPOINTS: readonly FakeEndpoint[] = ['send', 'getReceipts'];

export async function startFakePush(): Promise<FakePush> {
  const requests: FakePush['requests'] = [];
  const receiptRequests: FakePush['receiptRequests'] = [];
  const unregistered = new Set<string>();
  const receipts = new Map<string, FakeAnswer | null>();
  /** Ticket id -> the token its message went to; ids are never reused, not even after a reset. */
  const issued = new Map<string, string>();
  let lastTicket = 0;
  const noFailures = () => ({ send: { status: 500, times: 0 }, getReceipts: { status: 500, times: 0 } });
  let failures: Record<FakeEndpoint, { status: number; times: number }> = noFailures();
  let gate: Promise<void> | null = null;
  let onArrival: (() => void) | null = null;

  const answerSend = (headers: IncomingHttpHeaders, messages: ReceivedPush[]) => {
    requests.push({ headers, messages });
    return messages.map((m): FakeAnswer => {
      if (unregistered.has(m.to)) return deviceNotRegistered(m.to);
      const id = `ticket-${(lastTicket += 1)}`;
      issued.set(id, m.to);
      return { status: 'ok', id };
    });
  };
  const answerReceipts = (headers: IncomingHttpHeaders, ids: string[]) => {
    receiptRequests.push({ headers, ids });
    const data: Record<string, FakeAnswer> = {};
    for (const id of ids) {
      const set = receipts.get(id);
      if (set !== undefined) {
        if (set !== null) data[id] = set;
      } else if (issued.has(id)) data[id] = { status: 'ok' };
    }
    return data;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      onArrival?.();
      if (gate) await gate;
      const endpoint = ENDPOINTS.find((e) => request.url?.endsWith(`/${e}`));
      const reply = (status: number, body: object) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (endpoint === undefined) return reply(404, { errors: [{ code: 'NOT_FOUND', message: 'no such endpoint' }] });
      const failure = failures[endpoint];
      if (failure.times > 0) {
        failure.times -= 1;
        return reply(failure.status, { errors: [{ code: 'INTERNAL', message: 'fake failure' }] });
      }
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (endpoint === 'send') return reply(200, { data: answerSend(request.headers, body as ReceivedPush[]) });
      return reply(200, { data: answerReceipts(request.headers, (body as { ids: string[] }).ids) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/--/api/v2/push/send`,
    requests,
    receiptRequests,
    unregistered,
    receipts,
    ticketsOf: (token) => [...issued].filter(([, to]) => to === token).map(([id]) => id),
    failNext: (status, times = 1, endpoint = 'send') => {
      failures[endpoint] = { status, times };
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
      receiptRequests.length = 0;
      unregistered.clear();
      receipts.clear();
      issued.clear();
      failures = noFailures();
      gate = null;
      onArrival = null;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
