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

/** What the provider said of one message. */
export type PushTicket = { status: 'ok' } | { status: 'device_not_registered' } | { status: 'failed'; reason: string };

/** Sends one batch (at most PUSH_BATCH_SIZE messages); never throws, one ticket per message. */
export interface PushTransport {
  send(messages: readonly PushMessage[]): Promise<PushTicket[]>;
}

/** The provider accepts at most this many messages per request. */
export const PUSH_BATCH_SIZE = 100;
export const PUSH_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250 };
const PUSH_REQUEST_TIMEOUT_MS = 15_000;

interface ProviderTicket {
  status?: string;
  message?: string;
  details?: { error?: string };
}

function ticketOf(raw: ProviderTicket | undefined): PushTicket {
  if (raw?.status === 'ok') return { status: 'ok' };
  if (raw?.details?.error === 'DeviceNotRegistered') return { status: 'device_not_registered' };
  return { status: 'failed', reason: raw?.details?.error ?? raw?.message ?? 'no ticket' };
}

/** Network failures (fetch rejects with a TypeError) and timeouts are worth another attempt. */
function isTransient(error: unknown): boolean {
  return error instanceof TransientError || error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/**
 * The push provider's HTTP API (PUSH_API_URL): a JSON array of messages in, one ticket per message
 * out, in order. 5xx, 429 and network errors are retried with backoff; when the attempts are spent
 * or the provider refuses the batch, every message of it is reported failed.
 */
export function httpPushTransport(options: { url: string; accessToken: string | null; retry?: RetryPolicy }): PushTransport {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.accessToken !== null) headers.authorization = `Bearer ${options.accessToken}`;
  const post = async (messages: readonly PushMessage[]): Promise<PushTicket[]> => {
    const response = await fetch(options.url, { method: 'POST', headers, body: JSON.stringify(messages), signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS) });
    if (response.status >= 500 || response.status === 429) throw new TransientError(`push provider answered ${response.status}`);
    if (!response.ok) throw new Error(`push provider refused the batch (${response.status})`);
    const body = (await response.json()) as { data?: ProviderTicket[] };
    if (!Array.isArray(body.data) || body.data.length !== messages.length) throw new Error('push provider answered without one ticket per message');
    return body.data.map(ticketOf);
  };
  return {
    send: async (messages) => {
      try {
        return await retrying(options.retry ?? PUSH_RETRY, () => post(messages), isTransient);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'push provider unreachable';
        return messages.map(() => ({ status: 'failed', reason }));
      }
    },
  };
}

/** The transport PUSH_API_URL and PUSH_ACCESS_TOKEN name. */
export function pushTransportFrom(config: Pick<Config, 'pushApiUrl' | 'pushAccessToken'>): PushTransport {
  return httpPushTransport({ url: config.pushApiUrl, accessToken: config.pushAccessToken });
}
