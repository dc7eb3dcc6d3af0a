import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, errorText } from '../api.js';
import { Quiz, type QuizItem } from '../components/Quiz.js';
import { plural } from '../format.js';
import { loadSubjects, loadSynonyms } from '../loaders.js';
import { LoadState, useLoad } from '../use-load.js';
import { EXTRA_STUDY_KINDS } from '../widgets/Lists.js';

type Kind = (typeof EXTRA_STUDY_KINDS)[number][0];

const KIND_EXPLAIN: Record<Kind, string> = {
  recent_lessons: 'Items you started in the last 24 hours.',
  recent_mistakes:
    'Items answered wrong in a review in the last 24 hours. They leave this list when you answer them right in a real review.',
  burned_items: 'Items you have burned, to keep them fresh.',
};

function isKind(value: string | undefined): value is Kind {
  return EXTRA_STUDY_KINDS.some(([k]) => k === value);
}

/** The three kinds with what each holds now (GET /study is a pure read). */
function KindList() {
  const { state } = useLoad(() =>
    Promise.all(EXTRA_STUDY_KINDS.map(([kind]) => api.GET('/study', { params: { query: { kind } } }))).then((results) => {
      const failed = results.find((r) => r.data === undefined);
      return failed ? { error: failed.error } : { data: results.map((r) => r.data!.data) };
    }),
  );
  return (
    <section>
      <h1>Extra study</h1>
      <p class="hint">Practise without touching your SRS: nothing here moves an item's stage or schedule.</p>
      <LoadState state={state} />
      {state.status === 'ready' && (
        <ul class="kind-cards">
          {EXTRA_STUDY_KINDS.map(([kind, label], i) => {
            const s = state.data[i]!;
            return (
              <li key={kind} class="panel">
                <h2>{label}</h2>
                <p>{KIND_EXPLAIN[kind]}</p>
                <p>
                  {s.total_count === 0 ? 'Nothing to study.' : `${plural(s.progress.remaining, 'item')} left of ${s.progress.total}.`}
                  {s.capped ? ' (The first 100 items.)' : ''}
                </p>
                {s.total_count > 0 && (
                  <a class="button primary" href={`/extra-study/${kind}`} aria-label={`Study ${label}`}>
                    Study
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Opens (or resumes) a cycle with POST /study, quizzes its items, records each one done. Never posts a review. */
function Cycle({ kind }: { kind: Kind }) {
  const label = EXTRA_STUDY_KINDS.find(([k]) => k === kind)![1];
  const [progress, setProgress] = useState<{ remaining: number; total: number } | null>(null);
  const [finished, setFinished] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { state } = useLoad<{ items: QuizItem[]; assignmentOf: Map<number, number> }>(async () => {
    const { data, error: failed } = await api.POST('/study', { body: { kind } });
    if (!data) return { error: failed };
    const cycle = data.data;
    if (!('items' in cycle)) return { error: { error: 'The server did not open a cycle.' } };
    const ids = cycle.items.map((i) => i.subjectId);
    const [subjects, synonyms] = await Promise.all([loadSubjects(ids), loadSynonyms(ids)]);
    const assignmentOf = new Map(cycle.items.map((i) => [i.subjectId, i.assignmentId]));
    const items: QuizItem[] = ids.flatMap((id) => {
      const subject = subjects.get(id);
      return subject ? [{ key: id, subject, synonyms: synonyms.get(id) ?? [] }] : [];
    });
    setProgress(cycle.progress);
    return { data: { items, assignmentOf } };
  }, [kind]);

  const record = async (subjectId: number) => {
    if (state.status !== 'ready') return null;
    const assignmentId = state.data.assignmentOf.get(subjectId);
    if (assignmentId === undefined) return null;
    const { data, error: failed } = await api.POST('/study', { body: { kind, assignment_id: assignmentId } });
    if (!data) {
      setError(errorText(failed));
      return null;
    }
    if ('progress' in data.data) setProgress(data.data.progress);
    return null;
  };

  return (
    <section>
      <h1>Extra study: {label}</h1>
      <p class="hint">
        {KIND_EXPLAIN[kind]} Answers here do not change your SRS stages. <a href="/extra-study">All kinds</a>
      </p>
      {progress && (
        <p class="quiz-progress" aria-live="polite">
          Cycle: {progress.total - progress.remaining} of {progress.total} done
        </p>
      )}
      {error && (
        <p role="alert" class="notice warn">
          {error}
        </p>
      )}
      <LoadState state={state} />
      {state.status === 'ready' && (state.data.items.length === 0 || finished) && (
        <p class="notice ok">
          {finished ? 'Cycle finished: every item answered.' : 'Nothing to study here right now.'} <a href="/">Back home</a>
        </p>
      )}
      {state.status === 'ready' && state.data.items.length > 0 && !finished && (
        <Quiz items={state.data.items} onItemDone={record} onFinished={() => setFinished(true)} />
      )}
    </section>
  );
}

export default function ExtraStudy() {
  const { params } = useRoute();
  const kind = params.kind;
  return isKind(kind) ? <Cycle kind={kind} /> : <KindList />;
}
