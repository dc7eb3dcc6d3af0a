import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { STUDY_MATERIAL_LIMITS, stageName, type StudyMaterialResource, type SubjectResource } from '../../../client/src/index.js';
import { api, errorText } from '../api.js';
import { SubjectDetails } from '../components/SubjectDetails.js';
import { SubjectList } from '../components/SubjectLink.js';
import { formatDateTime, formatPercent, useZone } from '../format.js';
import { loadSubjects, LoadError } from '../loaders.js';
import { LoadState, useLoad } from '../use-load.js';

async function one<T>(promise: Promise<{ data?: { data: T[] }; error?: unknown }>): Promise<T | null> {
  const { data, error } = await promise;
  if (!data) throw new LoadError(errorText(error));
  return data.data[0] ?? null;
}

async function loadSubjectPage(id: number) {
  const { data, error } = await api.GET('/subjects/{id}', { params: { path: { id: String(id) } } });
  if (!data) return { error };
  const subject = data as unknown as SubjectResource;
  const query = { params: { query: { subject_ids: String(id) } } };
  const [assignment, statistic, material, related] = await Promise.all([
    one(api.GET('/assignments', query)),
    one(api.GET('/review_statistics', query)),
    one(api.GET('/study_materials', query)),
    loadSubjects([
      ...subject.data.component_subject_ids,
      ...subject.data.amalgamation_subject_ids,
      ...subject.data.visually_similar_subject_ids,
    ]),
  ]);
  return { data: { subject, assignment, statistic, material, related } };
}

function StudyMaterialForm({
  subjectId,
  material,
  onSaved,
}: {
  subjectId: number;
  material: StudyMaterialResource | null;
  onSaved: (m: StudyMaterialResource) => void;
}) {
  const [meaningNote, setMeaningNote] = useState(material?.data.meaning_note ?? '');
  const [readingNote, setReadingNote] = useState(material?.data.reading_note ?? '');
  const [synonyms, setSynonyms] = useState<string[]>(material?.data.meaning_synonyms ?? []);
  const [newSynonym, setNewSynonym] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const L = STUDY_MATERIAL_LIMITS;

  const addSynonym = () => {
    const value = newSynonym.trim();
    if (value === '' || synonyms.includes(value) || synonyms.length >= L.synonyms) return;
    setSynonyms([...synonyms, value]);
    setNewSynonym('');
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const body = { meaning_note: meaningNote, reading_note: readingNote, meaning_synonyms: synonyms };
    const result = material
      ? await api.PUT('/study_materials/{id}', { params: { path: { id: String(material.id) } }, body })
      : await api.POST('/study_materials', { body: { subject_id: subjectId, ...body } });
    if (!result.data) return setStatus({ ok: false, text: errorText(result.error) });
    setStatus({ ok: true, text: 'Saved.' });
    onSaved(result.data as StudyMaterialResource);
  };

  return (
    <form class="panel study-material" onSubmit={save} aria-labelledby="notes-heading">
      <h2 id="notes-heading">Your notes and synonyms</h2>
      <label for="meaning-note">Meaning note</label>
      <textarea
        id="meaning-note"
        rows={3}
        maxLength={L.noteChars}
        value={meaningNote}
        onInput={(e) => setMeaningNote(e.currentTarget.value)}
      />
      <p class="hint counter">
        {meaningNote.length} / {L.noteChars}
      </p>
      <label for="reading-note">Reading note</label>
      <textarea
        id="reading-note"
        rows={3}
        maxLength={L.noteChars}
        value={readingNote}
        onInput={(e) => setReadingNote(e.currentTarget.value)}
      />
      <p class="hint counter">
        {readingNote.length} / {L.noteChars}
      </p>
      <fieldset>
        <legend>Meaning synonyms (accepted as right answers)</legend>
        {synonyms.length > 0 && (
          <ul class="chips">
            {synonyms.map((s) => (
              <li key={s}>
                {s}{' '}
                <button
                  type="button"
                  class="link-button"
                  aria-label={`Remove synonym ${s}`}
                  onClick={() => setSynonyms(synonyms.filter((x) => x !== s))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div class="inline-form">
          <label for="new-synonym" class="visually-hidden">
            New synonym
          </label>
          <input
            id="new-synonym"
            value={newSynonym}
            maxLength={L.synonymChars}
            placeholder="Add a synonym"
            disabled={synonyms.length >= L.synonyms}
            onInput={(e) => setNewSynonym(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addSynonym();
              }
            }}
          />
          <button type="button" onClick={addSynonym} disabled={newSynonym.trim() === '' || synonyms.length >= L.synonyms}>
            Add
          </button>
        </div>
        <p class="hint">
          {synonyms.length} / {L.synonyms} synonyms, up to {L.synonymChars} characters each.
        </p>
      </fieldset>
      <button type="submit" class="primary">
        Save notes
      </button>
      {status && (
        <p role="status" class={`notice ${status.ok ? 'ok' : 'warn'}`}>
          {status.text}
        </p>
      )}
    </form>
  );
}

/** A subject page: everything the subject has, the learner's assignment and statistic, and their study material. */
export default function Subject() {
  const zone = useZone();
  const id = Number(useRoute().params.id);
  const { state } = useLoad(
    () => (Number.isInteger(id) && id > 0 ? loadSubjectPage(id) : Promise.resolve({ error: { error: 'No such subject.' } })),
    [id],
  );
  const [material, setMaterial] = useState<StudyMaterialResource | null | undefined>(undefined);
  if (state.status !== 'ready')
    return (
      <section>
        <h1>Subject</h1>
        <LoadState state={state} />
      </section>
    );
  const { subject, assignment, statistic, related } = state.data;
  const d = subject.data;
  const pick = (ids: number[]) => ids.flatMap((i) => (related.get(i) ? [{ subject: related.get(i)! }] : []));
  const a = assignment?.data;
  const stats = statistic?.data;
  return (
    <section>
      <h1 class="visually-hidden">
        {d.characters ?? d.slug} {d.meanings.find((m) => m.primary)?.meaning}
      </h1>
      <SubjectDetails subject={subject} components={pick(d.component_subject_ids).map((r) => r.subject)} />
      <section class="panel" aria-labelledby="progress-heading">
        <h2 id="progress-heading">Your progress</h2>
        {!a || a.unlocked_at === null ? (
          <p>Locked: it unlocks when its parts pass.</p>
        ) : (
          <dl class="facts">
            <dt>Stage</dt>
            <dd>{stageName(a.srs_stage)}</dd>
            <dt>Unlocked</dt>
            <dd>{formatDateTime(a.unlocked_at, zone)}</dd>
            {a.started_at && (
              <>
                <dt>Lesson taken</dt>
                <dd>{formatDateTime(a.started_at, zone)}</dd>
              </>
            )}
            {a.passed_at && (
              <>
                <dt>Passed</dt>
                <dd>{formatDateTime(a.passed_at, zone)}</dd>
              </>
            )}
            {a.burned_at && (
              <>
                <dt>Burned</dt>
                <dd>{formatDateTime(a.burned_at, zone)}</dd>
              </>
            )}
            {a.available_at && a.started_at && (
              <>
                <dt>Next review</dt>
                <dd>{formatDateTime(a.available_at, zone)}</dd>
              </>
            )}
          </dl>
        )}
        {stats ? (
          <dl class="facts">
            <dt>Correct</dt>
            <dd>{formatPercent(stats.percentage_correct)}</dd>
            <dt>Meaning</dt>
            <dd>
              {stats.meaning_correct} right, {stats.meaning_incorrect} wrong, streak {stats.meaning_current_streak} (best{' '}
              {stats.meaning_max_streak})
            </dd>
            {subject.object !== 'radical' && subject.object !== 'kana_vocabulary' && (
              <>
                <dt>Reading</dt>
                <dd>
                  {stats.reading_correct} right, {stats.reading_incorrect} wrong, streak {stats.reading_current_streak} (best{' '}
                  {stats.reading_max_streak})
                </dd>
              </>
            )}
          </dl>
        ) : (
          <p class="hint">Not reviewed yet.</p>
        )}
      </section>
      <StudyMaterialForm
        key={subject.id}
        subjectId={subject.id}
        material={material === undefined ? state.data.material : material}
        onSaved={setMaterial}
      />
      {d.amalgamation_subject_ids.length > 0 && (
        <section class="panel" aria-labelledby="used-in-heading">
          <h2 id="used-in-heading">Used in</h2>
          <SubjectList label="Used in" empty="" subjects={pick(d.amalgamation_subject_ids)} />
        </section>
      )}
      {d.visually_similar_subject_ids.length > 0 && (
        <section class="panel" aria-labelledby="similar-heading">
          <h2 id="similar-heading">Looks similar</h2>
          <SubjectList label="Looks similar" empty="" subjects={pick(d.visually_similar_subject_ids)} />
        </section>
      )}
    </section>
  );
}
