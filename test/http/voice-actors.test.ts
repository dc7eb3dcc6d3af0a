import { expect, it } from 'vitest';
import { importSubjects } from '../../src/services/content.js';
import { failureMessage } from '../../src/shared/result.js';
import { storedPreferences } from '../support/study.js';
import { describeEachEngine, T0, TEST_BASE_URL, type TestApp } from '../support/app.js';
import {
  createLearner,
  kanaVocabulary,
  radical,
  seedSubjects,
  subjectResource,
  vocabulary,
  kanji,
  type SubjectSpec,
} from '../support/factories.js';

/** The voice actor catalogue, the imported audio and default_voice_actor_id agree (docs/decisions.md, Voice actors). */

const NOT_FOUND = { error: 'Not found', code: 404 };

function audio(voice: { id: number; name: string; gender: string; description?: string }, sourceId = 1) {
  return {
    url: `https://audio.example.org/${voice.id}/${sourceId}.mp3`,
    content_type: 'audio/mpeg',
    metadata: {
      gender: voice.gender,
      source_id: sourceId,
      pronunciation: 'よみ',
      voice_actor_id: voice.id,
      voice_actor_name: voice.name,
      ...(voice.description === undefined ? {} : { voice_description: voice.description }),
    },
  };
}

const KYOKO = { id: 1, name: 'Kyoko', gender: 'female', description: 'Tokyo accent' };
const KENICHI = { id: 2, name: 'Kenichi', gender: 'male', description: 'Tokyo accent' };

/** A radical, a kanji, and two vocabularies recorded by two voice actors. */
function recordedContent(voices = [KYOKO, KENICHI]): SubjectSpec[] {
  return [
    radical(1, 1),
    kanji(2, 1, [1]),
    vocabulary(3, 1, [2], { audios: voices.map((v, i) => audio(v, i + 1)) }),
    kanaVocabulary(4, 1, { audios: [audio(voices[0]!, 9)] }),
  ];
}

async function defaultVoiceAfter(app: TestApp, token: string, value: unknown): Promise<unknown> {
  const res = await app.put('/api/v1/user', token, { user: { preferences: { default_voice_actor_id: value } } });
  expect(res.statusCode, res.body).toBe(200);
  const read = (await app.get('/api/v1/user', token)).json().data.preferences.default_voice_actor_id;
  expect(res.json().data.preferences.default_voice_actor_id).toBe(read);
  return read;
}

describeEachEngine('Voice actors, imported audio and default_voice_actor_id', (t) => {
  it('without recordings: an empty catalogue, and the preference reads the reference value 1 whatever is written', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const alice = await createLearner(app.deps);
    const list = (await app.get('/api/v1/voice_actors', alice.token)).json();
    expect(list).toMatchObject({ object: 'collection', total_count: 0, data: [], data_updated_at: null });
    expect((await app.get('/api/v1/user', alice.token)).json().data.preferences.default_voice_actor_id).toBe(1);
    for (const value of [2, 1, 0, '1', null]) {
      expect(await defaultVoiceAfter(app, alice.token, value), String(value)).toBe(1);
      expect(await storedPreferences(app, alice.userId)).not.toHaveProperty('default_voice_actor_id');
    }
  });

  it('lists the voice actors the imported audio names, with the facts the recordings give', async () => {
    const app = t();
    await seedSubjects(app.deps, recordedContent());
    const alice = await createLearner(app.deps);
    const list = (await app.get('/api/v1/voice_actors', alice.token)).json();
    expect(list.total_count).toBe(2);
    expect(list.data).toEqual(
      [KYOKO, KENICHI].map((v) => ({
        id: v.id,
        object: 'voice_actor',
        url: `${TEST_BASE_URL}/voice_actors/${v.id}`,
        data_updated_at: new Date(T0).toISOString(),
        data: { created_at: new Date(T0).toISOString(), name: v.name, gender: v.gender, description: v.description },
      })),
    );
    expect((await app.get('/api/v1/voice_actors/2', alice.token)).json().data.name).toBe('Kenichi');
    // Every recording's voice_actor_id names a voice actor of the catalogue.
    const subjects = (await app.get('/api/v1/subjects?types=vocabulary,kana_vocabulary', alice.token)).json().data;
    const named = subjects.flatMap((s: { data: { pronunciation_audios: { metadata: { voice_actor_id: number } }[] } }) =>
      s.data.pronunciation_audios.map((a) => a.metadata.voice_actor_id),
    );
    expect(new Set(named)).toEqual(new Set([1, 2]));
    for (const id of new Set<number>(named)) expect((await app.get(`/api/v1/voice_actors/${id}`, alice.token)).statusCode).toBe(200);
  });

  it('stores a default_voice_actor_id that names a voice actor; anything else reads back the first voice actor', async () => {
    const app = t();
    await seedSubjects(app.deps, recordedContent());
    const alice = await createLearner(app.deps);
    expect((await app.get('/api/v1/user', alice.token)).json().data.preferences.default_voice_actor_id).toBe(1);
    expect(await defaultVoiceAfter(app, alice.token, 2)).toBe(2);
    expect(await storedPreferences(app, alice.userId)).toMatchObject({ default_voice_actor_id: 2 });
    // Other preferences written later leave the choice alone.
    await app.put('/api/v1/user', alice.token, { preferences: { lessons_batch_size: 7 } });
    expect((await app.get('/api/v1/user', alice.token)).json().data.preferences).toMatchObject({
      default_voice_actor_id: 2,
      lessons_batch_size: 7,
    });
    for (const value of [7, '2', 2.5, null, -1]) {
      expect(await defaultVoiceAfter(app, alice.token, value), String(value)).toBe(1);
      expect(await storedPreferences(app, alice.userId)).not.toHaveProperty('default_voice_actor_id');
    }
    // Only the writer's account changes.
    const bob = await createLearner(app.deps, 'bob');
    expect(await defaultVoiceAfter(app, alice.token, 2)).toBe(2);
    expect((await app.get('/api/v1/user', bob.token)).json().data.preferences.default_voice_actor_id).toBe(1);
  });

  it('the default is the catalogue’s first voice actor when 1 is not among them', async () => {
    const app = t();
    await seedSubjects(
      app.deps,
      recordedContent([
        { ...KENICHI, id: 5 },
        { ...KYOKO, id: 8 },
      ]),
    );
    const alice = await createLearner(app.deps);
    expect((await app.get('/api/v1/user', alice.token)).json().data.preferences.default_voice_actor_id).toBe(5);
    expect(await defaultVoiceAfter(app, alice.token, 1)).toBe(5);
    expect(await defaultVoiceAfter(app, alice.token, 8)).toBe(8);
  });

  it('a later import that changes the catalogue moves its rows’ and /user’s data_updated_at, so no cached copy hides it', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const alice = await createLearner(app.deps);
    const before = await app.get('/api/v1/user', alice.token);
    app.clock.advance(5000);
    await seedSubjects(app.deps, recordedContent());
    const after = await app.get('/api/v1/user', alice.token, { 'if-modified-since': String(before.headers['last-modified']) });
    expect(after.statusCode).toBe(200);
    expect(after.json().data_updated_at).toBe(new Date(T0 + 5000).toISOString());

    app.clock.advance(5000);
    await seedSubjects(app.deps, recordedContent([{ ...KYOKO, description: 'Kansai accent' }, KENICHI]));
    const kyoko = (await app.get('/api/v1/voice_actors/1', alice.token)).json();
    expect(kyoko.data).toMatchObject({ name: 'Kyoko', description: 'Kansai accent', created_at: new Date(T0 + 5000).toISOString() });
    expect(kyoko.data_updated_at).toBe(new Date(T0 + 10_000).toISOString());
    expect((await app.get('/api/v1/voice_actors/2', alice.token)).json().data_updated_at).toBe(new Date(T0 + 5000).toISOString());
    expect((await app.get('/api/v1/user', alice.token)).json().data_updated_at).toBe(new Date(T0 + 10_000).toISOString());
  });

  it('refuses an import whose recordings disagree about a voice actor, or name one without its facts, and writes nothing', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const cases: [SubjectSpec[], RegExp][] = [
      [
        recordedContent([KYOKO, { ...KENICHI, id: 1 }]),
        /voice actor 1 is "Kenichi" \(male, "Tokyo accent"\), but "Kyoko" \(female, "Tokyo accent"\) in subject 3/,
      ],
      [
        recordedContent([KYOKO, { ...KENICHI, gender: 'robot' }]),
        /subject 3 pronunciation_audios\[1\]: voice actor 2 needs a gender of female or male/,
      ],
      [recordedContent([KYOKO, { ...KENICHI, name: ' ' }]), /voice actor 2 needs a voice_actor_name/],
      [recordedContent([KYOKO, { ...KENICHI, id: 0 }]), /voice_actor_id must be a positive integer/],
    ];
    for (const [specs, reason] of cases) {
      const result = await importSubjects(
        app.deps,
        specs.map((spec) => ({ value: subjectResource(spec, specs), origin: `spec ${spec.id}` })),
      );
      expect(result.ok ? 'imported' : failureMessage(result.failure)).toMatch(reason);
    }
    expect((await app.get('/api/v1/voice_actors', alice.token)).json().total_count).toBe(0);
    expect((await app.get('/api/v1/subjects', alice.token)).json().total_count).toBe(0);
  });

  it('answers 404 for a voice actor no recording names', async () => {
    const app = t();
    await seedSubjects(app.deps, recordedContent());
    const alice = await createLearner(app.deps);
    const res = await app.get('/api/v1/voice_actors/3', alice.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});
