import { findUserByUsername } from '../../src/db/repositories/users.js';
import type { SubjectType } from '../../src/domain/subjects.js';
import { createAccount } from '../../src/services/accounts.js';
import { importSubjects } from '../../src/services/content.js';
import { mintApiToken } from '../../src/services/credentials.js';
import type { Deps } from '../../src/services/deps.js';

export interface SubjectSpec {
  id: number;
  type: SubjectType;
  level: number;
  components?: number[];
  characters?: string | null;
  slug?: string;
  meaning?: string;
  meanings?: string[];
  readings?: string[];
  hidden?: boolean;
  srsId?: number;
  lessonPosition?: number;
  /** pronunciation_audios of (kana) vocabulary, as a reference dump carries them. */
  audios?: Record<string, unknown>[];
}

export const radical = (id: number, level: number, extra: Partial<SubjectSpec> = {}): SubjectSpec => ({
  id,
  type: 'radical',
  level,
  ...extra,
});
export const kanji = (id: number, level: number, components: number[], extra: Partial<SubjectSpec> = {}): SubjectSpec => ({
  id,
  type: 'kanji',
  level,
  components,
  ...extra,
});
export const vocabulary = (id: number, level: number, components: number[], extra: Partial<SubjectSpec> = {}): SubjectSpec => ({
  id,
  type: 'vocabulary',
  level,
  components,
  ...extra,
});
export const kanaVocabulary = (id: number, level: number, extra: Partial<SubjectSpec> = {}): SubjectSpec => ({
  id,
  type: 'kana_vocabulary',
  level,
  ...extra,
});

/** A subject resource as an import would read it; amalgamations mirror the components of the set. */
export function subjectResource(spec: SubjectSpec, all: readonly SubjectSpec[] = [spec]) {
  const meanings = spec.meanings ?? [spec.meaning ?? `${spec.type} ${spec.id}`];
  const data: Record<string, unknown> = {
    level: spec.level,
    slug: spec.slug ?? (spec.type === 'radical' ? `radical-${spec.id}` : `${spec.type}-${spec.id}`),
    characters: spec.characters === undefined ? String.fromCodePoint(0x4e00 + spec.id) : spec.characters,
    meanings: meanings.map((meaning, i) => ({ meaning, primary: i === 0, accepted_answer: true })),
    component_subject_ids: spec.components ?? [],
    amalgamation_subject_ids: all.filter((s) => s.components?.includes(spec.id)).map((s) => s.id),
    lesson_position: spec.lessonPosition ?? 0,
    spaced_repetition_system_id: spec.srsId ?? (spec.level <= 2 ? 2 : 1),
    hidden_at: spec.hidden ? '2026-01-01T00:00:00.000Z' : null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  if (spec.type === 'kanji' || spec.type === 'vocabulary') {
    data.readings = (spec.readings ?? [`よみ${spec.id}`]).map((reading, i) => ({
      reading,
      primary: i === 0,
      accepted_answer: true,
      ...(spec.type === 'kanji' ? { type: 'onyomi' } : {}),
    }));
  }
  if (spec.type === 'vocabulary' || spec.type === 'kana_vocabulary') data.parts_of_speech = ['noun'];
  if (spec.audios) data.pronunciation_audios = spec.audios;
  return { id: spec.id, object: spec.type, data };
}

export async function seedSubjects(deps: Deps, specs: readonly SubjectSpec[]): Promise<void> {
  const result = await importSubjects(
    deps,
    specs.map((spec) => ({ value: subjectResource(spec, specs), origin: `spec ${spec.id}` })),
  );
  if (!result.ok) throw new Error(`seeding failed: ${JSON.stringify(result.failure)}`);
}

export interface Learner {
  userId: number;
  uuid: string;
  token: string;
  username: string;
}

/** A learner in the new-account state, with an API token. */
export async function createLearner(deps: Deps, username = 'alice', options: { email?: string; timezone?: string } = {}): Promise<Learner> {
  const created = await createAccount(deps, { username, email: options.email ?? null, timezone: options.timezone ?? null });
  if (!created.ok) throw new Error(`createAccount failed: ${JSON.stringify(created.failure)}`);
  const minted = await mintApiToken(deps, username);
  if (!minted.ok) throw new Error('mint failed');
  const user = await findUserByUsername(deps.db.kysely, username);
  if (!user) throw new Error('no user');
  return { userId: user.id, uuid: created.value.uuid, token: minted.value.token, username };
}
