import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/**
 * Single-row aggregates (sums, counts, the newest of something) read together: every part of
 * every read goes into one statement, a UNION ALL of the parts, so a screen that needs a dozen
 * such numbers pays one round trip and one statement instead of a dozen. Each part selects the
 * columns a, b and c (`tally`), each a number or null.
 */
export type Tally = readonly [number | null, number | null, number | null];

interface TallyRow {
  a: number | null;
  b: number | null;
  c: number | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a part may read any tables
export type TallyQuery = SelectQueryBuilder<Database, any, TallyRow>;

/** A read made of tally parts, and how its value follows from their tallies (in the parts' order). */
export interface TallyRead<T> {
  readonly parts: readonly TallyQuery[];
  value(tallies: readonly Tally[]): T;
}

type Column = RawBuilder<number | null>;

/**
 * A part: `query` (its tables and conditions) selecting up to three aggregates. An absent column
 * reads null; it is a typed null so that PostgreSQL can unite it with another part's number.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tables, as TallyQuery
export function tally(query: SelectQueryBuilder<Database, any, object>, a: Column, b?: Column, c?: Column): TallyQuery {
  const none = sql<null>`cast(null as bigint)`;
  return query.select([a.as('a'), (b ?? none).as('b'), (c ?? none).as('c')]);
}

/** A read of one part whose value is its tally. */
export function tallyOf(part: TallyQuery): TallyRead<Tally> {
  return { parts: [part], value: ([t]) => t! };
}

/** Reads that make one value together (their parts stay separate parts of the statement). */
export function combine<const R extends readonly TallyRead<unknown>[], T>(reads: R, value: (values: ValuesOf<R>) => T): TallyRead<T> {
  return {
    parts: reads.flatMap((r) => r.parts),
    value: (tallies) => value(split(reads, tallies)),
  };
}

/** A read's value, worked out from what another read (or a constant) gives. */
export function mapRead<T, U>(read: TallyRead<T>, f: (value: T) => U): TallyRead<U> {
  return { parts: read.parts, value: (tallies) => f(read.value(tallies)) };
}

/** A read without parts: its value is known already. */
export function known<T>(value: T): TallyRead<T> {
  return { parts: [], value: () => value };
}

type ValuesOf<R extends readonly TallyRead<unknown>[]> = { -readonly [K in keyof R]: R[K] extends TallyRead<infer T> ? T : never };

function split<R extends readonly TallyRead<unknown>[]>(reads: R, tallies: readonly Tally[]): ValuesOf<R> {
  let at = 0;
  return reads.map((read) => {
    const own = tallies.slice(at, at + read.parts.length);
    at += read.parts.length;
    return read.value(own);
  }) as ValuesOf<R>;
}

const NOTHING: Tally = [null, null, null];
const numberOrNull = (x: unknown) => (x === null || x === undefined ? null : Number(x));

/** Runs every part of every read in one statement (on the executor the parts were built on) and gives each read's value, in order. */
export async function readTallies<const R extends readonly TallyRead<unknown>[]>(reads: R): Promise<ValuesOf<R>> {
  const parts = reads.flatMap((r) => r.parts);
  const tallies: Tally[] = parts.map(() => NOTHING);
  if (parts.length > 0) {
    const [first, ...rest] = parts.map((part, i) => part.select(sql.lit(i).as('part')));
    const rows = await rest.reduce((union, part) => union.unionAll(part), first!).execute();
    for (const row of rows) tallies[Number(row.part)] = [numberOrNull(row.a), numberOrNull(row.b), numberOrNull(row.c)];
  }
  return split(reads, tallies);
}

/** One read in its own statement. */
export async function readTally<T>(read: TallyRead<T>): Promise<T> {
  const [value] = await readTallies([read]);
  return value;
}
