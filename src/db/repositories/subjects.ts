import { sql } from 'kysely';
import type { NormalizedSubject, SubjectType } from '../../domain/subjects.js';
import type { Cursor, Page } from '../../shared/paging.js';
import type { Db } from '../connect.js';
import type { SubjectsTable } from '../tables/content.js';
import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import { compiledInsert } from '../compiled.js';
import { pageById } from './paging.js';
import type { StoredSubject, SubjectCount, SubjectFacts, SubjectFilters } from '../../domain/model/subjects.js';

function filtered(db: Executor, f: SubjectFilters) {
  let q = db.selectFrom('subjects');
  if (f.ids) q = q.where('id', 'in', f.ids);
  if (f.types) q = q.where('object', 'in', f.types);
  if (f.slugs) q = q.where('slug', 'in', f.slugs);
  if (f.levels) q = q.where('level', 'in', f.levels);
  if (f.hidden !== undefined) q = q.where('hidden_at', f.hidden ? 'is not' : 'is', null);
  if (f.updatedAfter !== undefined) q = q.where('updated_at', '>', f.updatedAfter);
  return q;
}

type StoredSubjectRow = Pick<SubjectsTable, 'id' | 'object' | 'updated_at' | 'data'>;
const STORED_SUBJECT_COLUMNS = ['id', 'object', 'updated_at', 'data'] as const satisfies readonly (keyof StoredSubjectRow)[];

function toStored(row: StoredSubjectRow): StoredSubject {
  return { id: row.id, object: row.object as SubjectType, updatedAt: row.updated_at, dataJson: row.data };
}

export async function pageSubjects(db: Db, f: SubjectFilters, perPage: number, cursor: Cursor): Promise<Page<StoredSubject>> {
  const page = await pageById<StoredSubjectRow>(db, { filtered: filtered(db.kysely, f), columns: STORED_SUBJECT_COLUMNS }, perPage, cursor);
  return { ...page, rows: page.rows.map(toStored) };
}

export async function findSubject(db: Executor, id: number): Promise<StoredSubject | undefined> {
  const row = await db.selectFrom('subjects').select(['id', 'object', 'updated_at', 'data']).where('id', '=', id).executeTakeFirst();
  return row && toStored(row);
}

export async function findSubjectFacts(db: Executor, id: number): Promise<SubjectFacts | undefined> {
  const row = await db
    .selectFrom('subjects')
    .select(['id', 'object', 'level', 'spaced_repetition_system_id', 'hidden_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      object: row.object as SubjectType,
      level: row.level,
      srsId: row.spaced_repetition_system_id,
      hidden: row.hidden_at !== null,
    }
  );
}

interface ExistingColumns {
  id: number;
  object: string;
  level: number;
  hidden_at: number | null;
  data: string;
  slug: string;
  characters: string | null;
  lesson_position: number;
  spaced_repetition_system_id: number;
}

export async function existingSubjects(db: Executor, ids: number[]): Promise<Map<number, ExistingColumns>> {
  const found = new Map<number, ExistingColumns>();
  for (const part of chunks(ids, 500)) {
    const rows = await db
      .selectFrom('subjects')
      .select(['id', 'object', 'level', 'hidden_at', 'data', 'slug', 'characters', 'lesson_position', 'spaced_repetition_system_id'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** True when storing `subject` over `existing` would change anything a client can see. */
export function subjectDiffers(existing: ExistingColumns, subject: NormalizedSubject, dataJson: string): boolean {
  return (
    existing.data !== dataJson ||
    existing.level !== subject.level ||
    existing.hidden_at !== subject.hiddenAt ||
    existing.slug !== subject.slug ||
    existing.characters !== subject.characters ||
    existing.lesson_position !== subject.lessonPosition ||
    existing.spaced_repetition_system_id !== subject.srsId
  );
}

function row(subject: NormalizedSubject, dataJson: string, now: number) {
  return {
    id: subject.id,
    object: subject.object,
    slug: subject.slug,
    level: subject.level,
    characters: subject.characters,
    lesson_position: subject.lessonPosition,
    spaced_repetition_system_id: subject.srsId,
    hidden_at: subject.hiddenAt,
    created_at: subject.createdAt,
    updated_at: now,
    data: dataJson,
    meanings: JSON.stringify(subject.data.meanings),
  };
}

const SUBJECT_COLUMNS = [
  'id',
  'object',
  'slug',
  'level',
  'characters',
  'lesson_position',
  'spaced_repetition_system_id',
  'hidden_at',
  'created_at',
  'updated_at',
  'data',
  'meanings',
] as const satisfies readonly (keyof ReturnType<typeof row>)[];

// Rows per statement, within both engines' bound-parameter limits (12 and 2 columns).
const SUBJECTS_PER_INSERT = 200;
const LINKS_PER_INSERT = 1000;

const insertSubjectRows = compiledInsert('subjects', SUBJECT_COLUMNS);
const insertComponentRows = compiledInsert('subject_components', ['subject_id', 'component_id']);
const insertTermRows = compiledInsert('subject_terms', ['subject_id', 'term']);

export async function insertSubjects(
  db: Executor,
  subjects: { subject: NormalizedSubject; dataJson: string }[],
  now: number,
): Promise<void> {
  for (const part of chunks(subjects, SUBJECTS_PER_INSERT)) {
    await insertSubjectRows(
      db,
      part.map(({ subject, dataJson }) => {
        const values = row(subject, dataJson, now);
        return SUBJECT_COLUMNS.map((column) => values[column]);
      }),
    );
  }
}

export async function updateSubject(db: Executor, subject: NormalizedSubject, dataJson: string, now: number): Promise<void> {
  const { id: _id, ...values } = row(subject, dataJson, now);
  await db.updateTable('subjects').set(values).where('id', '=', subject.id).execute();
}

/** Replaces the component links and search terms of the given subjects. */
export async function replaceSubjectLinks(db: Executor, subjects: NormalizedSubject[]): Promise<void> {
  const ids = subjects.map((s) => s.id);
  for (const part of chunks(ids, 500)) {
    await db.deleteFrom('subject_components').where('subject_id', 'in', part).execute();
    await db.deleteFrom('subject_terms').where('subject_id', 'in', part).execute();
  }
  const components = subjects.flatMap((s) => s.componentIds.map((component) => [s.id, component]));
  for (const part of chunks(components, LINKS_PER_INSERT)) await insertComponentRows(db, part);
  const terms = subjects.flatMap((s) => s.terms.map((term) => [s.id, term]));
  for (const part of chunks(terms, LINKS_PER_INSERT)) await insertTermRows(db, part);
}

/** Component ids named by the given subjects that no stored subject has. */
export async function danglingComponents(db: Executor, subjectIds: number[]): Promise<number[]> {
  const missing = new Set<number>();
  for (const part of chunks(subjectIds, 500)) {
    const rows = await db
      .selectFrom('subject_components as c')
      .leftJoin('subjects as s', 's.id', 'c.component_id')
      .select('c.component_id')
      .where('c.subject_id', 'in', part)
      .where('s.id', 'is', null)
      .execute();
    for (const r of rows) missing.add(r.component_id);
  }
  return [...missing].sort((a, b) => a - b);
}

export async function knownSrsIds(db: Executor): Promise<Set<number>> {
  const rows = await db.selectFrom('spaced_repetition_systems').select('id').execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Keeps the per-user copies of a subject's level and visibility in step after content changes;
 * rows whose `hidden` flips get the change stamp so syncing clients see it.
 */
export async function propagateSubjectChange(
  db: Executor,
  subjectId: number,
  level: number,
  hidden: boolean,
  stamp: number,
): Promise<void> {
  const flag = hidden ? 1 : 0;
  await db
    .updateTable('assignments')
    .set({ hidden: flag, updated_at: stamp })
    .where('subject_id', '=', subjectId)
    .where('hidden', '!=', flag)
    .execute();
  await db
    .updateTable('assignments')
    .set({ subject_level: level })
    .where('subject_id', '=', subjectId)
    .where('subject_level', '!=', level)
    .execute();
  for (const table of ['review_statistics', 'study_materials'] as const) {
    await db
      .updateTable(table)
      .set({ hidden: flag, updated_at: stamp })
      .where('subject_id', '=', subjectId)
      .where('hidden', '!=', flag)
      .execute();
  }
  await db
    .updateTable('reviews')
    .set({ hidden: flag, updated_at: stamp })
    .where('subject_id', '=', subjectId)
    .where('hidden', '!=', flag)
    .execute();
}

export async function countSubjectsByTypeAndLevel(db: Executor): Promise<SubjectCount[]> {
  const rows = await db
    .selectFrom('subjects')
    .select(['object', 'level', sql<number>`count(*)`.as('count')])
    .groupBy(['object', 'level'])
    .orderBy('level')
    .orderBy('object')
    .execute();
  return rows.map((r) => ({ object: r.object as SubjectType, level: r.level, count: Number(r.count) }));
}

export async function countSubjects(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('subjects')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
