import type { Selectable } from 'kysely';
import type { SubjectType } from '../../domain/subjects.js';
import type { Cursor, HeldPage, HeldRows, StoredPageHeld, Page } from '../../shared/paging.js';
import type { CredentialInRead } from '../../domain/model/credentials.js';
import type { StudyMaterialsTable } from '../tables/study.js';
import type { Db } from '../connect.js';
import { columnsOf } from '../json-rows.js';
import type { Executor } from '../transaction.js';
import { pageByIdAgainst, pageLearnerById, whereSubjectScoped, withoutFilters, type LearnerCollection } from './paging.js';
import type { StudyMaterialFields, StudyMaterialFilters, StudyMaterialRecord } from '../../domain/model/study-materials.js';

function toRecord(row: Selectable<StudyMaterialsTable>): StudyMaterialRecord {
  return {
    id: row.id,
    subjectId: row.subject_id,
    subjectType: row.subject_type as SubjectType,
    meaningNote: row.meaning_note,
    readingNote: row.reading_note,
    meaningSynonyms: JSON.parse(row.meaning_synonyms) as string[],
    hidden: row.hidden === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const STUDY_MATERIAL_COLUMNS = columnsOf<StudyMaterialsTable>({
  id: true,
  user_id: true,
  subject_id: true,
  subject_type: true,
  meaning_note: true,
  reading_note: true,
  meaning_synonyms: true,
  hidden: true,
  created_at: true,
  updated_at: true,
});

const STUDY_MATERIALS: LearnerCollection<StudyMaterialFilters> = {
  name: 'study_materials',
  columns: STUDY_MATERIAL_COLUMNS,
  filtered: (db, userId, f) => whereSubjectScoped(db.selectFrom('study_materials').where('user_id', '=', userId), f),
  countKept: () => true,
  unfiltered: (f) => withoutFilters(f),
  counted: 'study_materials_count',
};

export async function pageStudyMaterials(
  db: Db,
  userId: number,
  f: StudyMaterialFilters,
  perPage: number,
  cursor: Cursor,
): Promise<Page<StudyMaterialRecord>> {
  const page = await pageLearnerById<Selectable<StudyMaterialsTable>, StudyMaterialFilters>(
    db,
    STUDY_MATERIALS,
    userId,
    f,
    perPage,
    cursor,
  );
  return { ...page, rows: page.rows.map(toRecord) };
}

/** `pageStudyMaterials` read against the rows a caller holds (paging.ts, pageByIdAgainst). */
export function pageStudyMaterialsAgainst(
  db: Db,
  userId: number,
  f: StudyMaterialFilters,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  credential: CredentialInRead | null = null,
): Promise<HeldPage<StudyMaterialRecord> | null> {
  return pageByIdAgainst(db, STUDY_MATERIALS, userId, f, perPage, cursor, held, toRecord, credential);
}

export async function findStudyMaterial(db: Executor, userId: number, id: number): Promise<StudyMaterialRecord | undefined> {
  const row = await db.selectFrom('study_materials').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function studyMaterialExistsForSubject(db: Executor, userId: number, subjectId: number): Promise<boolean> {
  const row = await db
    .selectFrom('study_materials')
    .select('id')
    .where('user_id', '=', userId)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertStudyMaterial(
  db: Executor,
  userId: number,
  subject: { id: number; type: SubjectType; hidden: boolean },
  fields: StudyMaterialFields,
  now: number,
  stamp: number,
): Promise<number> {
  const row = await db
    .insertInto('study_materials')
    .values({
      user_id: userId,
      subject_id: subject.id,
      subject_type: subject.type,
      meaning_note: fields.meaningNote,
      reading_note: fields.readingNote,
      meaning_synonyms: JSON.stringify(fields.meaningSynonyms),
      hidden: subject.hidden ? 1 : 0,
      created_at: now,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudyMaterial(
  db: Executor,
  userId: number,
  id: number,
  fields: Partial<StudyMaterialFields>,
  stamp: number,
): Promise<void> {
  await db
    .updateTable('study_materials')
    .set({
      ...(fields.meaningNote !== undefined ? { meaning_note: fields.meaningNote } : {}),
      ...(fields.readingNote !== undefined ? { reading_note: fields.readingNote } : {}),
      ...(fields.meaningSynonyms !== undefined ? { meaning_synonyms: JSON.stringify(fields.meaningSynonyms) } : {}),
      updated_at: stamp,
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}
