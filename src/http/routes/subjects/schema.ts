import Type from 'typebox';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { CollectionSchema, errors, IdParam, OneOf, PAGING_QUERY, Query, ResourceSchema, UPDATED_AFTER_QUERY } from '../../schemas.js';

const SubjectData = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'Every field of the subject table for its type: slug, level, characters, meanings, auxiliary_meanings, readings (kanji, vocabulary), component/amalgamation/visually_similar ids, mnemonics and hints, document_url, lesson_position, spaced_repetition_system_id, hidden_at, created_at; parts_of_speech, context_sentences, pronunciation_audios (vocabulary, kana_vocabulary); character_images (radicals); mnemonic_image_url and patterns_of_use only when non-empty.',
  },
);

export const Subject = ResourceSchema(SubjectData, OneOf(SUBJECT_TYPES));

export const SubjectsQuery = Query({
  ids: 'Comma-separated subject ids',
  types: `Comma-separated: ${SUBJECT_TYPES.join(', ')}`,
  slugs: 'Comma-separated slugs',
  levels: 'Comma-separated levels',
  hidden: 'true or false',
  ...UPDATED_AFTER_QUERY,
  ...PAGING_QUERY,
});

export const listSubjectsSchema = {
  tags: ['content'],
  summary: 'Subjects (1000 per page)',
  querystring: SubjectsQuery,
  response: { 200: CollectionSchema(Subject), ...errors(401, 422) },
};

export const getSubjectSchema = {
  tags: ['content'],
  summary: 'One subject',
  params: IdParam,
  response: { 200: Subject, ...errors(401, 404) },
};
