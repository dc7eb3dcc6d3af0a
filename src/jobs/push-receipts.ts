import { sortReceipts } from '../domain/push-receipts.js';
import type { Deps } from '../services/deps.js';
import { dropExpiredPushTickets, pushTicketsToAsk, settlePushReceipts, type StoredPushTicket } from '../services/push-receipts.js';
import type { TickLog } from './log.js';
import { PUSH_RECEIPTS_BATCH_SIZE, type PushReceipt, type PushTransport } from './transports/push.js';

/** What a receipts pass did; every ticket it asked about ends in exactly one of checked or pending. */
export interface ReceiptsReport {
  /** Tickets whose receipt came back (ok or an error): cleared. */
  checked: number;
  /** Tickets asked about that have no receipt yet, or whose request failed: asked again by the next run. */
  pending: number;
  /** Tickets past the cap, dropped unasked. */
  expired: number;
  /** Tokens revoked by a DeviceNotRegistered receipt. */
  revoked: number;
}

/** Error receipts other than DeviceNotRegistered, by reason (for the log: they change nothing). */
function otherErrors(receipts: ReadonlyMap<string, PushReceipt>): Record<string, number> {
  const reasons: Record<string, number> = {};
  for (const receipt of receipts.values()) if (receipt.status === 'failed') reasons[receipt.reason] = (reasons[receipt.reason] ?? 0) + 1;
  return reasons;
}

/**
 * The receipts pass of a push run (see docs/decisions.md, Push notifications): tickets past the cap are dropped, then the receipts of
 * every ticket old enough are read in provider-sized batches, oldest first. A DeviceNotRegistered
 * receipt revokes its token; every answered ticket is cleared. It never throws, and it stops at the
 * first batch the provider could not answer (after the retries): that batch and the rest wait for
 * the next run, so an unreachable provider costs the run one batch's retries, not every batch's,
 * before its announcements go out.
 */
export async function checkPushReceipts(deps: Deps, transport: PushTransport, now: number, log?: TickLog): Promise<ReceiptsReport> {
  const report: ReceiptsReport = { checked: 0, pending: 0, expired: 0, revoked: 0 };
  try {
    report.expired = await dropExpiredPushTickets(deps, now);
    for (let after = 0; ;) {
      const tickets = await pushTicketsToAsk(deps, now, after, PUSH_RECEIPTS_BATCH_SIZE);
      after = tickets.at(-1)?.id ?? after;
      const answered = tickets.length > 0 && (await checkBatch(deps, transport, tickets, report, log));
      if (!answered || tickets.length < PUSH_RECEIPTS_BATCH_SIZE) break;
    }
  } catch (error) {
    log?.warn({ err: error }, 'push receipts pass failed');
  }
  return report;
}

/** Reads and records one batch's receipts; false when the provider could not answer. */
async function checkBatch(
  deps: Deps,
  transport: PushTransport,
  tickets: StoredPushTicket[],
  report: ReceiptsReport,
  log?: TickLog,
): Promise<boolean> {
  let receipts: Map<string, PushReceipt>;
  try {
    receipts = await transport.receipts(tickets.map((t) => t.ticketId));
  } catch (error) {
    log?.warn({ err: error, tickets: tickets.length }, 'push receipts unavailable; asked again next run');
    report.pending += tickets.length;
    return false;
  }
  const sorted = sortReceipts(tickets, receipts);
  const errors = otherErrors(receipts);
  if (Object.keys(errors).length > 0) log?.warn({ reasons: errors }, 'push receipts reported errors');
  report.revoked += await settlePushReceipts(deps, sorted);
  report.checked += sorted.answered.length;
  report.pending += sorted.pending.length;
  return true;
}
