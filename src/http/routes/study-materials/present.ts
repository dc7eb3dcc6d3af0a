import type { Static } from 'typebox';
import type { StudyMaterialRecord } from '../../../domain/model/study-materials.js';
import { toIso } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import { fragment, type JsonBytes } from '../../json-bytes.js';
import type { StudyMaterial, StudyMaterialData } from './schema.js';

/** A note never set or cleared reads "" as the reference serves it (strict clients want a string). */
function shownNote(note: string | null): string {
  return note ?? '';
}

export function studyMaterialData(m: StudyMaterialRecord): Static<typeof StudyMaterialData> {
  return {
    created_at: toIso(m.createdAt),
    subject_id: m.subjectId,
    subject_type: m.subjectType,
    meaning_note: shownNote(m.meaningNote),
    reading_note: shownNote(m.readingNote),
    meaning_synonyms: m.meaningSynonyms,
    hidden: m.hidden,
  };
}

const CREATED_AT = fragment('{"created_at":');
const SUBJECT_ID = fragment(',"subject_id":');
const SUBJECT_TYPE = fragment(',"subject_type":');
const MEANING_NOTE = fragment(',"meaning_note":');
const READING_NOTE = fragment(',"reading_note":');
const MEANING_SYNONYMS = fragment(',"meaning_synonyms":[');
const COMMA = fragment(',');
const HIDDEN = fragment('],"hidden":');
const END = fragment('}');

/**
 * Writes studyMaterialData's object as JSON, in the schema's order, for pages of 500
 * (collection-routes.ts, writeData): a page of study materials was the one collection still
 * serialising a presented object per row (bench/README.md, Issue 16, eighth pass).
 */
export function writeStudyMaterialData(out: JsonBytes, m: StudyMaterialRecord): void {
  out.fragment(CREATED_AT);
  out.instant(m.createdAt);
  out.fragment(SUBJECT_ID);
  out.number(m.subjectId);
  out.fragment(SUBJECT_TYPE);
  out.string(m.subjectType);
  out.fragment(MEANING_NOTE);
  out.string(shownNote(m.meaningNote));
  out.fragment(READING_NOTE);
  out.string(shownNote(m.readingNote));
  out.fragment(MEANING_SYNONYMS);
  m.meaningSynonyms.forEach((synonym, at) => {
    if (at > 0) out.fragment(COMMA);
    out.string(synonym);
  });
  out.fragment(HIDDEN);
  out.boolean(m.hidden);
  out.fragment(END);
}

export function studyMaterialResource(urls: Urls, m: StudyMaterialRecord): Static<typeof StudyMaterial> {
  return resource(urls, '/study_materials', 'study_material', m.id, m.updatedAt, studyMaterialData(m));
}
