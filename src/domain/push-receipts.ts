import { DAY_MS, MINUTE_MS } from '../shared/time.js';

/**
 * Pure decisions of the push receipts pass (see docs/decisions.md, Push notifications): the provider reports some DeviceNotRegistered
 * answers only in a receipt, read a while after the send, for a ticket the send answered `ok`.
 */

export const PUSH_RECEIPT_POLICY = {
  /** A ticket is asked about once it is this old: the provider's receipts are ready after about 15 minutes. */
  askAfterMs: 15 * MINUTE_MS,
  /** A ticket this old is dropped unasked: the provider keeps receipts for about a day. */
  dropAfterMs: DAY_MS,
} as const;

/** The tickets a run at `now` asks about (created at or before `askBefore`) and drops (at or before `dropBefore`). */
export function receiptWindow(now: number): { askBefore: number; dropBefore: number } {
  return { askBefore: now - PUSH_RECEIPT_POLICY.askAfterMs, dropBefore: now - PUSH_RECEIPT_POLICY.dropAfterMs };
}

/** What a receipt says of the message: only `device_not_registered` changes anything beyond clearing the ticket. */
export type ReceiptStatus = 'ok' | 'device_not_registered' | 'failed';

export interface SortedReceipts<T> {
  /** Tickets whose receipt came back, whatever it said: they are done with. */
  answered: T[];
  /** The answered tickets whose device the provider no longer knows. */
  unregistered: T[];
  /** Tickets without a receipt yet: asked again by a later run, until they are too old. */
  pending: T[];
}

/** Sorts a batch of tickets by the receipts the provider gave for them (keyed by receipt id). */
export function sortReceipts<T extends { ticketId: string }>(
  tickets: readonly T[],
  receipts: ReadonlyMap<string, { status: ReceiptStatus }>,
): SortedReceipts<T> {
  const sorted: SortedReceipts<T> = { answered: [], unregistered: [], pending: [] };
  for (const ticket of tickets) {
    const receipt = receipts.get(ticket.ticketId);
    if (receipt === undefined) {
      sorted.pending.push(ticket);
      continue;
    }
    sorted.answered.push(ticket);
    if (receipt.status === 'device_not_registered') sorted.unregistered.push(ticket);
  }
  return sorted;
}
