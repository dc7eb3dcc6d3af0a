import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { changeStudyMaterial, createStudyMaterial, getStudyMaterial, listStudyMaterials } from '../../../services/study-materials.js';
import { toIso } from '../../../shared/time.js';
import { registerCollection } from '../../collection-routes.js';
import { resource, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { subjectScopedFilters } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import { pathId } from '../../params.js';
import { IdParam, NullableString, ResourceSchema, SUBJECT_SCOPED_QUERY, Timestamp, errors } from '../../schemas.js';
import type { StudyMaterialRecord } from '../../../domain/model/study-materials.js';

/** Sizes a note or synonym may have (stated in the README). */
export const NOTE_MAX_CHARS = 5000;
export const SYNONYMS_MAX = 16;
export const SYNONYM_MAX_CHARS = 64;

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

const StudyMaterialData = Type.Object({
  created_at: Timestamp,
  subject_id: Type.Integer(),
  subject_type: Type.String(),
  meaning_note: NullableString,
  reading_note: NullableString,
  meaning_synonyms: Type.Array(Type.String()),
  hidden: Type.Boolean(),
});
const StudyMaterial = ResourceSchema(StudyMaterialData, Type.Literal('study_material'));

function studyMaterialData(m: StudyMaterialRecord) {
  return {
    created_at: toIso(m.createdAt),
    subject_id: m.subjectId,
    subject_type: m.subjectType,
    meaning_note: m.meaningNote,
    reading_note: m.readingNote,
    meaning_synonyms: m.meaningSynonyms,
    hidden: m.hidden,
  };
}

/** Synonyms are compared as typed answers: trimmed, and each kept once. */
function cleanSynonyms(synonyms: string[] | undefined): string[] | undefined {
  return synonyms === undefined ? undefined : [...new Set(synonyms.map((s) => s.trim()).filter((s) => s !== ''))];
}

export function studyMaterialRoutes(deps: Deps, urls: Urls) {
  const envelope = (m: StudyMaterialRecord) =>
    resource(urls, '/study_materials', 'study_material', m.id, m.updatedAt, studyMaterialData(m));
  return async (app: FastifyInstance) => {
    registerCollection(app, urls, {
      path: '/study_materials',
      object: 'study_material',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: SUBJECT_SCOPED_QUERY,
      data: StudyMaterialData,
      readFilters: subjectScopedFilters,
      list: (request, filters, cursor) => listStudyMaterials(deps, request.userId, filters, PER_PAGE_DEFAULT, cursor),
      get: (request, id) => getStudyMaterial(deps, request.userId, id),
      present: studyMaterialData,
    });

    app.post(
      '/study_materials',
      {
        schema: {
          tags: ['study'],
          summary: 'Create notes and synonyms for a subject (bare or {study_material: {...}})',
          body: CreateBody,
          response: { 201: StudyMaterial, ...errors(401, 422) },
        },
        config: { bodyWrapper: 'study_material' },
      },
      async (request, reply) => {
        const body = request.body as Static<typeof CreateBody>;
        const created = await createStudyMaterial(deps, request.userId, body.subject_id, {
          meaningNote: body.meaning_note ?? null,
          readingNote: body.reading_note ?? null,
          meaningSynonyms: cleanSynonyms(body.meaning_synonyms) ?? [],
        });
        return reply.code(201).send(envelope(valueOrThrow(created)));
      },
    );

    app.put(
      '/study_materials/:id',
      {
        schema: {
          tags: ['study'],
          summary: 'Update notes and synonyms (omitted fields untouched; null clears a note)',
          params: IdParam,
          body: UpdateBody,
          response: { 200: StudyMaterial, ...errors(401, 404, 422) },
        },
        config: { bodyWrapper: 'study_material' },
      },
      async (request) => {
        const body = request.body as Static<typeof UpdateBody>;
        const synonyms = cleanSynonyms(body.meaning_synonyms);
        const updated = await changeStudyMaterial(deps, request.userId, pathId((request.params as { id: string }).id), {
          ...(body.meaning_note !== undefined ? { meaningNote: body.meaning_note } : {}),
          ...(body.reading_note !== undefined ? { readingNote: body.reading_note } : {}),
          ...(synonyms !== undefined ? { meaningSynonyms: synonyms } : {}),
        });
        return envelope(valueOrThrow(updated));
      },
    );
  };
}
