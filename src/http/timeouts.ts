import { SECOND_MS } from '../shared/time.js';

/**
 * How long the HTTP server waits on a client (see docs/decisions.md, "Timeouts and shutdown").
 * A review is a few hundred bytes, but a phone on a weak mobile network may take many seconds to
 * send it, and the largest body we accept (256 KB) takes about 45 s at 50 kbit/s: the limits are
 * generous for a slow client and still bound what a stalled one can hold.
 */
export const SERVER_TIMEOUTS = {
  /** The request line and headers must have arrived within this (Node's headersTimeout). */
  headersMs: 30 * SECOND_MS,
  /** The whole request, body included (Node's requestTimeout). */
  requestMs: 120 * SECOND_MS,
  /** A connection with no bytes moving either way for this long is closed (the socket timeout). */
  idleMs: 75 * SECOND_MS,
  /**
   * An idle keep-alive connection is kept this long: more than the 60 s a proxy in front commonly
   * keeps its own idle upstream connections, so the server never closes one the proxy is reusing.
   */
  keepAliveMs: 65 * SECOND_MS,
  /** How often Node looks for requests past headersMs/requestMs (its default, 30 s, would let them run late). */
  checkIntervalMs: 5 * SECOND_MS,
} as const;
