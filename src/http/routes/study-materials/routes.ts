import type { Deps } from '../../../services/deps.js';
import {
  changeStudyMaterial,
  createStudyMaterial,
  getStudyMaterial,
  listStudyMaterials,
  listStudyMaterialsAgainst,
} from '../../../services/study-materials.js';
import { registerCollection, type LearnerPageKeepers } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { subjectScopedFilters } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import { pathId } from '../../params.js';
import type { RoutePlugin } from '../../plugin.js';
import { SUBJECT_SCOPED_QUERY } from '../../schemas.js';
import { studyMaterialData, studyMaterialResource, writeStudyMaterialData } from './present.js';
import { StudyMaterialData, createStudyMaterialSchema, updateStudyMaterialSchema } from './schema.js';

/** Synonyms are compared as typed answers: trimmed, and each kept once. */
function cleanSynonyms(synonyms: string[] | undefined): string[] | undefined {
  return synonyms === undefined ? undefined : [...new Set(synonyms.map((s) => s.trim()).filter((s) => s !== ''))];
}

export function studyMaterialRoutes(deps: Deps, urls: Urls, keepers: LearnerPageKeepers): RoutePlugin {
  return async (app) => {
    registerCollection(
      app,
      urls,
      {
        path: '/study_materials',
        object: 'study_material',
        perPage: PER_PAGE_DEFAULT,
        tag: 'study',
        query: SUBJECT_SCOPED_QUERY,
        data: StudyMaterialData,
        readFilters: subjectScopedFilters,
        list: (userId, filters, cursor) => listStudyMaterials(deps, userId, filters, PER_PAGE_DEFAULT, cursor),
        listAgainst: (userId, filters, cursor, held, credential) =>
          listStudyMaterialsAgainst(deps, userId, filters, PER_PAGE_DEFAULT, cursor, held, credential),
        get: (userId, id) => getStudyMaterial(deps, userId, id),
        present: studyMaterialData,
        writeData: writeStudyMaterialData,
      },
      keepers,
      deps,
    );

    app.post(
      '/study_materials',
      { schema: createStudyMaterialSchema, config: { bodyWrapper: 'study_material', idempotent: true } },
      async (request, reply) => {
        const body = request.body;
        const created = await createStudyMaterial(
          deps,
          request.userId,
          body.subject_id,
          {
            meaningNote: body.meaning_note ?? null,
            readingNote: body.reading_note ?? null,
            meaningSynonyms: cleanSynonyms(body.meaning_synonyms) ?? [],
          },
          request.idempotency,
        );
        reply.code(201);
        return studyMaterialResource(urls, valueOrThrow(created));
      },
    );

    app.put(
      '/study_materials/:id',
      { schema: updateStudyMaterialSchema, config: { bodyWrapper: 'study_material', idempotent: true } },
      async (request) => {
        const body = request.body;
        const synonyms = cleanSynonyms(body.meaning_synonyms);
        const updated = await changeStudyMaterial(
          deps,
          request.userId,
          pathId(request.params.id),
          {
            ...(body.meaning_note !== undefined ? { meaningNote: body.meaning_note } : {}),
            ...(body.reading_note !== undefined ? { readingNote: body.reading_note } : {}),
            ...(synonyms !== undefined ? { meaningSynonyms: synonyms } : {}),
          },
          request.idempotency,
          // Its one row updated, no other row of the learner's collections written: carried into the learner's kept pages.
          (write, material) =>
            keepers.carried.carry(
              request.userId,
              request.learner!.uuid,
              write,
              new Map([
                ['/study_materials', [material]],
                ['/assignments', []],
                ['/review_statistics', []],
              ]),
            ),
        );
        return studyMaterialResource(urls, valueOrThrow(updated));
      },
    );
  };
}
