/** What the internal tick routes (push, nudges) share: the dry-run query, and the run report every tick answers with. */
import Type, { type Static, type TObject, type TProperties } from 'typebox';
import { toIso } from '../shared/time.js';
import { errors, OneOf, ReportSchema, Timestamp } from './schemas.js';

/**
 * `?dry_run` of the internal ticks. Anything but the listed spellings is a 422 rather than a real
 * run: a mistyped dry run must never send. A valueless `?dry_run` is a dry run.
 */
export const TickQuery = Type.Object({
  dry_run: Type.Optional(
    Type.Union([Type.Literal(''), Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')], {
      description: '1 or true: decide every user through the same path, and send and write nothing',
    }),
  ),
});

export function isDryRun(query: Static<typeof TickQuery>): boolean {
  return query.dry_run !== undefined && query.dry_run !== '0' && query.dry_run !== 'false';
}

/** The schema of a tick: its own fields beside the outcome, times and counts every run reports. */
export function tickSchema<P extends TProperties>(
  summary: string,
  outcomes: readonly string[],
  counts: readonly string[],
  fields: TObject<P>,
) {
  const data = Type.Object({
    outcome: OneOf(outcomes),
    started_at: Timestamp,
    finished_at: Timestamp,
    counts: Type.Object(Object.fromEntries(counts.map((k) => [k, Type.Integer()]))),
    ...fields.properties,
  });
  return {
    tags: ['internal'],
    summary,
    querystring: TickQuery,
    response: { 200: ReportSchema(data, Type.Literal('report')), ...errors(401, 422) },
  };
}

/** A run as a report envelope, dated when it finished. */
export function presentTick<D extends object>(
  url: string,
  run: { outcome: string; startedAt: number; finishedAt: number; counts: Readonly<Record<string, number>> },
  data: D,
) {
  return {
    object: 'report' as const,
    url,
    data_updated_at: toIso(run.finishedAt),
    data: { outcome: run.outcome, started_at: toIso(run.startedAt), finished_at: toIso(run.finishedAt), counts: run.counts, ...data },
  };
}
