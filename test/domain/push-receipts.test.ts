import { describe, expect, it } from 'vitest';
import { receiptWindow, sortReceipts, type ReceiptStatus } from '../../src/domain/push-receipts.js';
import { HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';

describe('push receipts policy', () => {
  it('asks about tickets 15 minutes old and drops them at a day', () => {
    const now = Date.parse('2026-11-21T10:30:00.000Z');
    expect(receiptWindow(now)).toEqual({ askBefore: now - 15 * MINUTE_MS, dropBefore: now - 24 * HOUR_MS });
  });

  it('sorts a batch into answered (with the unregistered among them) and pending', () => {
    const tickets = ['a', 'b', 'c', 'd'].map((ticketId, id) => ({ id, ticketId }));
    const receipts = new Map<string, { status: ReceiptStatus }>([
      ['a', { status: 'ok' }],
      ['b', { status: 'device_not_registered' }],
      ['d', { status: 'failed' }],
      ['z', { status: 'device_not_registered' }], // not asked about: ignored
    ]);
    const sorted = sortReceipts(tickets, receipts);
    expect(sorted.answered.map((t) => t.ticketId)).toEqual(['a', 'b', 'd']);
    expect(sorted.unregistered.map((t) => t.ticketId)).toEqual(['b']);
    expect(sorted.pending.map((t) => t.ticketId)).toEqual(['c']);
  });
});
