import { receiptWindow } from '../domain/push-receipts.js';
import {
  deletePushTickets,
  deletePushTicketsCreatedBy,
  pushTicketsCreatedBy,
  revokeTokensOfTickets,
} from '../db/repositories/push-tickets.js';
import { inTransaction } from '../db/transaction.js';
import type { Deps } from './deps.js';
import type { StoredPushTicket } from '../domain/model/push.js';

export type { StoredPushTicket };

/** Drops, unasked, the tickets too old for the provider to still hold their receipts; returns how many. */
export function dropExpiredPushTickets(deps: Deps, now: number): Promise<number> {
  return deletePushTicketsCreatedBy(deps.db.kysely, receiptWindow(now).dropBefore);
}

/** A page of the tickets old enough for their receipts to be ready, by id. */
export function pushTicketsToAsk(deps: Deps, now: number, afterId: number, limit: number): Promise<StoredPushTicket[]> {
  return pushTicketsCreatedBy(deps.db.kysely, afterId, receiptWindow(now).askBefore, limit);
}

/**
 * Records a batch of receipts in one transaction: the tokens of the unregistered tickets are
 * revoked (unless registered again since the ticket), then every answered ticket is cleared.
 * Returns how many tokens were revoked.
 */
export function settlePushReceipts(
  deps: Deps,
  receipts: { answered: readonly StoredPushTicket[]; unregistered: readonly StoredPushTicket[] },
): Promise<number> {
  const at = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const revoked = await revokeTokensOfTickets(
      trx,
      receipts.unregistered.map((t) => t.id),
      at,
    );
    await deletePushTickets(
      trx,
      receipts.answered.map((t) => t.id),
    );
    return revoked;
  });
}
