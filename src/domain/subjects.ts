import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { parseIsoInstant, toIso } from '../shared/time.js';

export const SUBJECT_TYPES = ['radical', 'kanji', 'vocabulary', 'kana_vocabulary'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Types quizzed on reading as well as meaning. */
export function hasReadings(type: SubjectType): boolean {
  return type === 'kanji' || type === 'vocabulary';
}

const Meaning = Type.Object({ meaning: Type.String({ minLength: 1 }), primary: Type.Boolean(), accepted_answer: Type.Boolean() });
const AuxiliaryMeaning = Type.Object({ type: Type.Union([Type.Literal('whitelist'), Type.Literal('blacklist')]), meaning: Type.String() });
const Reading = Type.Object({
  reading: Type.String({ minLength: 1 }),
  primary: Type.Boolean(),
  accepted_answer: Type.Boolean(),
  type: Type.Optional(Type.Union([Type.Literal('onyomi'), Type.Literal('kunyomi'), Type.Literal('nanori')])),
});
const Ids = Type.Array(Type.Integer({ minimum: 1 }));
const Text = Type.Union([Type.String(), Type.Null()]);
const Instant = Type.String({ minLength: 1 });

/** A subject resource as found in a reference-API collection page or our bundled dataset. */
export const SubjectInput = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  object: Type.Union(SUBJECT_TYPES.map((t) => Type.Literal(t))),
  data: Type.Object({
    level: Type.Integer({ minimum: 1, maximum: 1000 }),
    slug: Type.String({ minLength: 1 }),
    characters: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    meanings: Type.Array(Meaning, { minItems: 1 }),
    auxiliary_meanings: Type.Optional(Type.Array(AuxiliaryMeaning)),
    readings: Type.Optional(Type.Array(Reading)),
    component_subject_ids: Type.Optional(Ids),
    amalgamation_subject_ids: Type.Optional(Ids),
    visually_similar_subject_ids: Type.Optional(Ids),
    meaning_mnemonic: Type.Optional(Text),
    meaning_hint: Type.Optional(Text),
    reading_mnemonic: Type.Optional(Text),
    reading_hint: Type.Optional(Text),
    document_url: Type.Optional(Text),
    lesson_position: Type.Optional(Type.Integer({ minimum: 0 })),
    spaced_repetition_system_id: Type.Integer({ minimum: 1 }),
    hidden_at: Type.Optional(Type.Union([Instant, Type.Null()])),
    created_at: Type.Optional(Instant),
    parts_of_speech: Type.Optional(Type.Array(Type.String())),
    context_sentences: Type.Optional(Type.Array(Type.Object({ en: Type.String(), ja: Type.String() }))),
    pronunciation_audios: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    character_images: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    mnemonic_image_url: Type.Optional(Text),
    patterns_of_use: Type.Optional(
      Type.Array(Type.Object({ pattern: Type.String(), collocations: Type.Array(Type.Object({ en: Type.String(), ja: Type.String() })) })),
    ),
  }),
});
export type SubjectInput = Static<typeof SubjectInput>;

const subjectInputValidator = Compile(SubjectInput);

/** A subject ready to store: indexed columns plus the `data` body exactly as it is served. */
export interface NormalizedSubject {
  id: number;
  object: SubjectType;
  level: number;
  slug: string;
  characters: string | null;
  lessonPosition: number;
  srsId: number;
  hiddenAt: number | null;
  createdAt: number;
  componentIds: number[];
  terms: string[];
  data: Record<string, unknown>;
}

export type NormalizeOutcome = { ok: true; subject: NormalizedSubject } | { ok: false; reason: string };

function firstError(value: unknown): string {
  const error = [...subjectInputValidator.Errors(value)].find((e) => e.keyword !== 'anyOf') ?? subjectInputValidator.Errors(value)[0];
  if (error === undefined) return 'invalid subject';
  return `${error.instancePath || '/'} ${error.message}`;
}

function instantOrNull(text: string | null | undefined, field: string): number | null | string {
  if (text === undefined || text === null) return null;
  return parseIsoInstant(text) ?? `${field} is not an ISO-8601 timestamp`;
}

/**
 * Validates a subject resource and shapes its `data` as the API serves it: every field of the
 * contract for its type (defaults filling gaps), `mnemonic_image_url` and `patterns_of_use`
 * omitted when empty, and the reference fields (docs/decisions.md, Reference fields).
 */
export function normalizeSubject(value: unknown, fallbackCreatedAt: number): NormalizeOutcome {
  if (!subjectInputValidator.Check(value)) return { ok: false, reason: firstError(value) };
  const { id, object, data: d } = value;
  const primaries = d.meanings.filter((m) => m.primary).length;
  if (primaries !== 1) return { ok: false, reason: `subject ${id} must have exactly one primary meaning (has ${primaries})` };
  const hiddenAt = instantOrNull(d.hidden_at, 'hidden_at');
  const createdAt = instantOrNull(d.created_at, 'created_at');
  if (typeof hiddenAt === 'string') return { ok: false, reason: `subject ${id}: ${hiddenAt}` };
  if (typeof createdAt === 'string') return { ok: false, reason: `subject ${id}: ${createdAt}` };

  const readings = hasReadings(object) ? (d.readings ?? []) : undefined;
  const data: Record<string, unknown> = {
    created_at: toIso(createdAt ?? fallbackCreatedAt),
    level: d.level,
    slug: d.slug,
    hidden_at: hiddenAt === null ? null : toIso(hiddenAt),
    document_url: d.document_url ?? '',
    characters: d.characters,
    meanings: d.meanings.map((m) => ({ meaning: m.meaning, primary: m.primary, accepted_answer: m.accepted_answer })),
    auxiliary_meanings: (d.auxiliary_meanings ?? []).map((m) => ({ type: m.type, meaning: m.meaning })),
    ...(readings === undefined ? {} : { readings }),
    component_subject_ids: d.component_subject_ids ?? [],
    amalgamation_subject_ids: d.amalgamation_subject_ids ?? [],
    visually_similar_subject_ids: d.visually_similar_subject_ids ?? [],
    meaning_mnemonic: d.meaning_mnemonic ?? '',
    meaning_hint: d.meaning_hint ?? '',
    ...(readings === undefined ? {} : { reading_mnemonic: d.reading_mnemonic ?? '', reading_hint: d.reading_hint ?? '' }),
    lesson_position: d.lesson_position ?? 0,
    spaced_repetition_system_id: d.spaced_repetition_system_id,
  };
  if (object === 'radical') {
    data.character_images = d.character_images ?? [];
    if (d.mnemonic_image_url) data.mnemonic_image_url = d.mnemonic_image_url;
  } else if (object === 'vocabulary' || object === 'kana_vocabulary') {
    data.parts_of_speech = d.parts_of_speech ?? [];
    data.context_sentences = d.context_sentences ?? [];
    data.pronunciation_audios = d.pronunciation_audios ?? [];
    if (d.patterns_of_use && d.patterns_of_use.length > 0) data.patterns_of_use = d.patterns_of_use;
  }

  const terms = new Set<string>([d.slug.toLowerCase()]);
  if (d.characters) terms.add(d.characters.toLowerCase());
  for (const m of d.meanings) terms.add(m.meaning.toLowerCase());
  for (const r of readings ?? []) terms.add(r.reading);

  return {
    ok: true,
    subject: {
      id,
      object,
      level: d.level,
      slug: d.slug,
      characters: d.characters,
      lessonPosition: d.lesson_position ?? 0,
      srsId: d.spaced_repetition_system_id,
      hiddenAt,
      createdAt: createdAt ?? fallbackCreatedAt,
      componentIds: [...new Set(d.component_subject_ids ?? [])],
      terms: [...terms],
      data,
    },
  };
}
