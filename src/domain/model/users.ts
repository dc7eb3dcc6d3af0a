/** A user account as the services see it. */
export interface UserRecord {
  id: number;
  uuid: string;
  username: string;
  email: string | null;
  timezone: string | null;
  fallbackLevel: number;
  startedAt: number;
  vacationStartedAt: number | null;
  storedPreferences: Record<string, unknown>;
  pushBaseline: number;
  lastNudgedAt: number | null;
  nudgesUnsubscribedAt: number | null;
  updatedAt: number;
  /** The learner's change stamp: it moves with every write of the learner's rows (docs/decisions.md, "Change stamps"). */
  changeStamp: number;
  /** When an operator disabled the account; null while it is active. */
  disabledAt: number | null;
}
