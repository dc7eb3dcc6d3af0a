import type { QueryCreator, Selectable, Updateable } from 'kysely';
import type { Database } from '../schema.js';
import type { UsersTable } from '../tables/accounts.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { UserRecord } from '../../domain/model/users.js';
import type { CredentialHashes, CredentialOwner } from '../../domain/model/credentials.js';
import { contentVersionColumn, credentialUserId } from './credentials.js';

/** Saves a learner's change stamp (docs/decisions.md, "Change stamps"); a part of a review's one statement on PostgreSQL. */
export function learnerStampUpdate(db: QueryCreator<Database>, v: Slots<{ userId: number; stamp: number }>) {
  return db.updateTable('users').set({ change_stamp: v.stamp }).where('id', '=', v.userId);
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    username: row.username,
    email: row.email,
    timezone: row.timezone,
    fallbackLevel: row.level,
    startedAt: row.started_at,
    vacationStartedAt: row.current_vacation_started_at,
    storedPreferences: parseObject(row.preferences),
    pushBaseline: row.push_baseline,
    lastNudgedAt: row.last_nudged_at,
    nudgesUnsubscribedAt: row.nudges_unsubscribed_at,
    updatedAt: row.updated_at,
    changeStamp: row.change_stamp,
    disabledAt: row.disabled_at,
  };
}

export interface NewUser {
  uuid: string;
  username: string;
  email: string | null;
  timezone: string | null;
  now: number;
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      uuid: user.uuid,
      username: user.username,
      email: user.email,
      timezone: user.timezone,
      level: 1,
      started_at: user.now,
      preferences: '{}',
      push_baseline: 0,
      created_at: user.now,
      updated_at: user.now,
      change_stamp: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const userById = compiledOnce((db, { userId }: Slots<{ userId: number }>) => db.selectFrom('users').selectAll().where('id', '=', userId));

export async function findUserById(db: Executor, userId: number): Promise<UserRecord | undefined> {
  // Nearly every request reads its user: the statement is compiled once.
  const row = (await userById(db, { userId })).rows[0];
  return row && toRecord(row);
}

const userByCredential = compiledOnce((db, v: Slots<CredentialHashes & { now: number }>) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select(contentVersionColumn(db))
    .where('users.id', '=', credentialUserId(db, v, v.now)),
);

/**
 * The account whose credential has `hashes` at `now` (credentialUserId), whole, with what the
 * credential check tells a request (CredentialOwner), in one statement: a screen that reads its
 * user first then needs no round trip for its credential. Undefined when the credential does not pass.
 */
export async function findUserByCredential(
  db: Executor,
  hashes: CredentialHashes,
  now: number,
): Promise<{ user: UserRecord; owner: CredentialOwner } | undefined> {
  const row = (await userByCredential(db, { ...hashes, now })).rows[0];
  if (row === undefined) return undefined;
  const { content_version: contentVersion, ...columns } = row;
  const user = toRecord(columns);
  return { user, owner: { userId: user.id, uuid: user.uuid, changeStamp: user.changeStamp, contentVersion: contentVersion ?? 0 } };
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  return row && toRecord(row);
}

export interface UserPatch {
  timezone?: string | null;
  storedPreferences?: Record<string, unknown>;
  email?: string | null;
  vacationStartedAt?: number | null;
  pushBaseline?: number;
  lastNudgedAt?: number;
  nudgesUnsubscribedAt?: number;
}

/** Updates the given fields; `touchAt` (a change stamp) sets updated_at (fields that appear in the /user body). */
export async function updateUser(db: Executor, userId: number, patch: UserPatch, touchAt: number | null): Promise<void> {
  const values: Updateable<UsersTable> = {};
  if (patch.timezone !== undefined) values.timezone = patch.timezone;
  if (patch.storedPreferences !== undefined) values.preferences = JSON.stringify(patch.storedPreferences);
  if (patch.email !== undefined) values.email = patch.email;
  if (patch.vacationStartedAt !== undefined) values.current_vacation_started_at = patch.vacationStartedAt;
  if (patch.pushBaseline !== undefined) values.push_baseline = patch.pushBaseline;
  if (patch.lastNudgedAt !== undefined) values.last_nudged_at = patch.lastNudgedAt;
  if (patch.nudgesUnsubscribedAt !== undefined) values.nudges_unsubscribed_at = patch.nudgesUnsubscribedAt;
  if (touchAt !== null) values.updated_at = touchAt;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Every account, by id (the operator's `users list`). */
export async function listUsers(db: Executor): Promise<UserRecord[]> {
  return (await db.selectFrom('users').selectAll().orderBy('id').execute()).map(toRecord);
}

/** Marks an account disabled (or enabled again with null); the rest of the row is kept. */
export async function setUserDisabled(db: Executor, userId: number, disabledAt: number | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
}
