import type { Config } from '../../config/index.js';
import { retrying, TransientError, type RetryPolicy } from '../retry.js';

/** One notification to one device, in the provider's message format. */
export interface PushMessage {
  to: string;
  title: string;
  body: string;
  badge: number;
  sound: 'default';
  data: { url: string };
}

type Refusal = { status: 'device_not_registered' } | { status: 'failed'; reason: string };

/** What the provider said of one message in the answer to its send; an accepted one carries the id its receipt is read by. */
export type PushTicket = { status: 'ok'; receiptId: string | null } | Refusal;

/** What the provider said of one message later, in its receipt. */
export type PushReceipt = { status: 'ok' } | Refusal;

export interface PushTransport {
  /** Sends one batch (at most PUSH_BATCH_SIZE messages); never throws, one ticket per message. */
  send(messages: readonly PushMessage[]): Promise<PushTicket[]>;
  /**
   * Reads the receipts of at most PUSH_RECEIPTS_BATCH_SIZE tickets, by receipt id; an id the answer
   * leaves out has no receipt yet. Throws when the provider could not answer (retries spent).
   */
  receipts(receiptIds: readonly string[]): Promise<Map<string, PushReceipt>>;
}

/** The provider accepts at most this many messages per send. */
export const PUSH_BATCH_SIZE = 100;
/** The provider answers at most this many receipt ids per request. */
export const PUSH_RECEIPTS_BATCH_SIZE = 1000;
export const PUSH_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250 };
const PUSH_REQUEST_TIMEOUT_MS = 15_000;

interface ProviderAnswer {
  status?: string;
  id?: string;
  message?: string;
  details?: { error?: string };
}

function receiptOf(raw: ProviderAnswer | undefined): PushReceipt {
  if (raw?.status === 'ok') return { status: 'ok' };
  if (raw?.details?.error === 'DeviceNotRegistered') return { status: 'device_not_registered' };
  return { status: 'failed', reason: raw?.details?.error ?? raw?.message ?? 'no answer' };
}

function ticketOf(raw: ProviderAnswer | undefined): PushTicket {
  const receipt = receiptOf(raw);
  return receipt.status === 'ok' ? { status: 'ok', receiptId: typeof raw?.id === 'string' ? raw.id : null } : receipt;
}

/** Network failures (fetch rejects with a TypeError) and timeouts are worth another attempt. */
function isTransient(error: unknown): boolean {
  return error instanceof TransientError || error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/**
 * The receipts endpoint beside the send endpoint (the provider serves both under one path):
 * PUSH_API_URL with its trailing `/send` replaced by `/getReceipts` (appended when it has none).
 */
export function receiptsUrlOf(sendUrl: string): string {
  const url = new URL(sendUrl);
  url.pathname = `${url.pathname.replace(/\/send\/?$/, '').replace(/\/$/, '')}/getReceipts`;
  return url.toString();
}

/**
 * The push provider's HTTP API (PUSH_API_URL): a JSON array of messages in, one ticket per message
 * out, in order; receipt ids in, receipts out. 5xx, 429 and network errors are retried with
 * backoff; when the attempts are spent or the provider refuses a batch, every message of it is
 * reported failed (a receipts request throws instead: its tickets wait for the next run).
 */
export function httpPushTransport(options: { url: string; accessToken: string | null; retry?: RetryPolicy }): PushTransport {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.accessToken !== null) headers.authorization = `Bearer ${options.accessToken}`;
  const receiptsUrl = receiptsUrlOf(options.url);
  const post = (url: string, what: string, body: unknown): Promise<{ data?: unknown }> =>
    retrying(
      options.retry ?? PUSH_RETRY,
      async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
        });
        if (response.status >= 500 || response.status === 429) throw new TransientError(`push provider answered ${response.status}`);
        if (!response.ok) throw new Error(`push provider refused the ${what} (${response.status})`);
        return (await response.json()) as { data?: unknown };
      },
      isTransient,
    );
  return {
    send: async (messages) => {
      try {
        const { data } = await post(options.url, 'batch', messages);
        if (!Array.isArray(data) || data.length !== messages.length)
          throw new Error('push provider answered without one ticket per message');
        return (data as ProviderAnswer[]).map(ticketOf);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'push provider unreachable';
        return messages.map(() => ({ status: 'failed', reason }));
      }
    },
    receipts: async (receiptIds) => {
      const { data } = await post(receiptsUrl, 'receipts request', { ids: receiptIds });
      if (typeof data !== 'object' || data === null || Array.isArray(data))
        throw new Error('push provider answered receipts without a data object');
      const answers = data as Record<string, ProviderAnswer | undefined>;
      const receipts = new Map<string, PushReceipt>();
      for (const id of receiptIds) if (Object.hasOwn(answers, id)) receipts.set(id, receiptOf(answers[id]));
      return receipts;
    },
  };
}

/** The transport PUSH_API_URL and PUSH_ACCESS_TOKEN name. */
export function pushTransportFrom(config: Pick<Config, 'pushApiUrl' | 'pushAccessToken'>): PushTransport {
  return httpPushTransport({ url: config.pushApiUrl, accessToken: config.pushAccessToken });
}
