import { sql } from 'kysely';
import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import type { AcceptedPush, StoredPushTicket } from '../../domain/model/push.js';

/** Rows per statement: well under both engines' bound-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * Stores the tickets of accepted messages, keyed to their token's row. A token removed since the
 * send has no row left, and its ticket nothing to revoke: it is not stored.
 */
export async function insertPushTickets(db: Executor, tickets: readonly AcceptedPush[], createdAt: number): Promise<number> {
  let stored = 0;
  for (const part of chunks(tickets, ROWS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('push_tokens')
      .select(['id', 'user_id', 'token'])
      .where(
        'token',
        'in',
        part.map((t) => t.token),
      )
      .execute();
    const byToken = new Map(rows.map((r) => [r.token, r]));
    const values = part.flatMap((t) => {
      const row = byToken.get(t.token);
      return row ? [{ user_id: row.user_id, push_token_id: row.id, ticket_id: t.ticketId, created_at: createdAt }] : [];
    });
    if (values.length > 0) await db.insertInto('push_tickets').values(values).execute();
    stored += values.length;
  }
  return stored;
}

/** A page of the tickets created at or before `createdAtOrBefore`, by id. */
export async function pushTicketsCreatedBy(
  db: Executor,
  afterId: number,
  createdAtOrBefore: number,
  limit: number,
): Promise<StoredPushTicket[]> {
  const rows = await db
    .selectFrom('push_tickets')
    .select(['id', 'ticket_id'])
    .where('id', '>', afterId)
    .where('created_at', '<=', createdAtOrBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, ticketId: r.ticket_id }));
}

/** Drops the tickets created at or before `createdAtOrBefore`; returns how many. */
export async function deletePushTicketsCreatedBy(db: Executor, createdAtOrBefore: number): Promise<number> {
  const result = await db.deleteFrom('push_tickets').where('created_at', '<=', createdAtOrBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deletePushTickets(db: Executor, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, ROWS_PER_STATEMENT)) await db.deleteFrom('push_tickets').where('id', 'in', part).execute();
}

/**
 * Revokes the tokens of these tickets (kept, so a later registration re-arms them), unless the
 * token was registered again after its ticket was written: the receipt then speaks of an older
 * registration than the live one. Returns how many tokens were revoked.
 */
export async function revokeTokensOfTickets(db: Executor, ticketIds: readonly number[], at: number): Promise<number> {
  let revoked = 0;
  for (const part of chunks(ticketIds, ROWS_PER_STATEMENT)) {
    const result = await db
      .updateTable('push_tokens')
      .set({ revoked_at: at, updated_at: at })
      .where('revoked_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('push_tickets')
            .select(sql<number>`1`.as('one'))
            .whereRef('push_tickets.push_token_id', '=', 'push_tokens.id')
            .whereRef('push_tickets.created_at', '>=', 'push_tokens.updated_at')
            .where('push_tickets.id', 'in', part),
        ),
      )
      .executeTakeFirst();
    revoked += Number(result.numUpdatedRows);
  }
  return revoked;
}
