/**
 * The voice actor catalogue follows the imported recordings: every pronunciation audio whose
 * metadata names a `voice_actor_id` describes that actor (name, gender, accent), so the catalogue,
 * the audio and the learners' `default_voice_actor_id` agree (see docs/decisions.md, Voice actors).
 */
export const VOICE_ACTOR_GENDERS = ['female', 'male'] as const;

export interface VoiceActorFacts {
  id: number;
  name: string;
  gender: (typeof VOICE_ACTOR_GENDERS)[number];
  description: string;
}

/** A subject as it is stored: its id and its `data` as served. */
interface SubjectWithData {
  readonly id: number;
  readonly data: Readonly<Record<string, unknown>>;
}

export type VoiceActorsOutcome = { ok: true; actors: VoiceActorFacts[] } | { ok: false; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function factsOf(metadata: Record<string, unknown>): VoiceActorFacts | string {
  const { voice_actor_id: id, voice_actor_name: name, gender, voice_description: description } = metadata;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return 'voice_actor_id must be a positive integer';
  if (typeof name !== 'string' || name.trim() === '') return `voice actor ${id} needs a voice_actor_name`;
  if (!(VOICE_ACTOR_GENDERS as readonly unknown[]).includes(gender)) return `voice actor ${id} needs a gender of female or male`;
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return `voice actor ${id} has a voice_description that is not a string`;
  }
  return { id, name: name.trim(), gender: gender as VoiceActorFacts['gender'], description: description ?? '' };
}

const describe = (a: VoiceActorFacts) => `${JSON.stringify(a.name)} (${a.gender}, ${JSON.stringify(a.description)})`;

/**
 * The voice actors named by the subjects' pronunciation audios, ascending by id. Every recording of
 * one actor must describe it the same way; the first problem is reported with its subject.
 */
export function voiceActorsOfSubjects(subjects: readonly SubjectWithData[]): VoiceActorsOutcome {
  const found = new Map<number, { facts: VoiceActorFacts; subjectId: number }>();
  for (const subject of subjects) {
    const audios = subject.data.pronunciation_audios;
    if (!Array.isArray(audios)) continue;
    for (const [index, audio] of audios.entries()) {
      if (!isObject(audio) || !isObject(audio.metadata) || audio.metadata.voice_actor_id === undefined) continue;
      const facts = factsOf(audio.metadata);
      if (typeof facts === 'string') return { ok: false, reason: `subject ${subject.id} pronunciation_audios[${index}]: ${facts}` };
      const earlier = found.get(facts.id);
      if (earlier === undefined) {
        found.set(facts.id, { facts, subjectId: subject.id });
      } else if (describe(earlier.facts) !== describe(facts)) {
        return {
          ok: false,
          reason: `subject ${subject.id}: voice actor ${facts.id} is ${describe(facts)}, but ${describe(earlier.facts)} in subject ${earlier.subjectId}`,
        };
      }
    }
  }
  return { ok: true, actors: [...found.values()].map((f) => f.facts).sort((a, b) => a.id - b.id) };
}
