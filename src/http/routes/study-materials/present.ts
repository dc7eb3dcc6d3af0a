import type { Static } from 'typebox';
import type { StudyMaterialRecord } from '../../../domain/model/study-materials.js';
import { toIso } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import type { StudyMaterial, StudyMaterialData } from './schema.js';

export function studyMaterialData(m: StudyMaterialRecord): Static<typeof StudyMaterialData> {
  return {
    created_at: toIso(m.createdAt),
    subject_id: m.subjectId,
    subject_type: m.subjectType,
    // A note never set or cleared reads "" as the reference serves it (strict clients want a string).
    meaning_note: m.meaningNote ?? '',
    reading_note: m.readingNote ?? '',
    meaning_synonyms: m.meaningSynonyms,
    hidden: m.hidden,
  };
}

export function studyMaterialResource(urls: Urls, m: StudyMaterialRecord): Static<typeof StudyMaterial> {
  return resource(urls, '/study_materials', 'study_material', m.id, m.updatedAt, studyMaterialData(m));
}
