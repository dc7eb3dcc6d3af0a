import Type from 'typebox';
import { IdParam, ResourceSchema, Timestamp, errors } from '../../schemas.js';

/** Sizes a note or synonym may have (stated in the README). */
const NOTE_MAX_CHARS = 5000;
const SYNONYMS_MAX = 16;
const SYNONYM_MAX_CHARS = 64;

const Note = Type.Union([Type.String({ maxLength: NOTE_MAX_CHARS }), Type.Null()]);
const Synonyms = Type.Array(Type.String({ minLength: 1, maxLength: SYNONYM_MAX_CHARS }), { maxItems: SYNONYMS_MAX });

const CreateBody = Type.Object({
  subject_id: Type.Integer({ minimum: 1 }),
  meaning_note: Type.Optional(Note),
  reading_note: Type.Optional(Note),
  meaning_synonyms: Type.Optional(Synonyms),
});
const UpdateBody = Type.Object({
  meaning_note: Type.Optional(Note),
  reading_note: Type.Optional(Note),
  meaning_synonyms: Type.Optional(Synonyms),
});

export const StudyMaterialData = Type.Object({
  created_at: Timestamp,
  subject_id: Type.Integer(),
  subject_type: Type.String(),
  meaning_note: Type.String({ description: '"" when never set or cleared' }),
  reading_note: Type.String({ description: '"" when never set or cleared' }),
  meaning_synonyms: Type.Array(Type.String()),
  hidden: Type.Boolean(),
});
export const StudyMaterial = ResourceSchema(StudyMaterialData, Type.Literal('study_material'));

export const createStudyMaterialSchema = {
  tags: ['study'],
  summary: 'Create notes and synonyms for a subject (bare or {study_material: {...}})',
  body: CreateBody,
  response: { 201: StudyMaterial, ...errors(401, 422) },
};

export const updateStudyMaterialSchema = {
  tags: ['study'],
  summary: 'Update notes and synonyms (omitted fields untouched; null clears a note)',
  params: IdParam,
  body: UpdateBody,
  response: { 200: StudyMaterial, ...errors(401, 404, 422) },
};
