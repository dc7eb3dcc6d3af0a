/** Push tokens of a learner and the push tickets of accepted sends. */

import type { PushPlatform } from '../notifications.js';

export interface PushTokenRecord {
  token: string;
  platform: PushPlatform | null;
  registeredAt: number;
  updatedAt: number;
}

/** A stored ticket: the row's id and the provider's receipt id. */
export interface StoredPushTicket {
  id: number;
  ticketId: string;
}

/** A message the provider accepted: its token, and the id its receipt is asked for by. */
export interface AcceptedPush {
  token: string;
  ticketId: string;
}
