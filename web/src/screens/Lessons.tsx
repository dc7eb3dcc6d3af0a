import { useEffect, useState } from 'preact/hooks';
import { cutBatch, lessonSequence, type AssignmentResource, type SubjectResource } from '../../../client/src/index.js';
import { api } from '../api.js';
import { Quiz, type QuizItem } from '../components/Quiz.js';
import { SubjectDetails } from '../components/SubjectDetails.js';
import { LoadError, loadAssignments, loadLessonAllowance, loadSubjects, loadSynonyms } from '../loaders.js';
import { useUser } from '../session.js';

interface Batch {
  items: { assignment: AssignmentResource; subject: SubjectResource; components: SubjectResource[]; synonyms: string[] }[];
  /** Lessons waiting beyond this batch (within today's allowance or not). */
  waiting: number;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'vacation' }
  | { kind: 'none'; reason: 'no_lessons' | 'allowance' }
  | { kind: 'learn'; batch: Batch; index: number }
  | { kind: 'quiz'; batch: Batch }
  | { kind: 'starting'; batch: Batch }
  | { kind: 'done'; batch: Batch; failed: number };

/** Picks the next batch: subjects of every candidate in teaching order (interleaved if asked), cut to the batch size and today's allowance. */
async function loadBatch(batchSize: number | undefined, interleaved: boolean): Promise<Batch | 'no_lessons' | 'allowance'> {
  const [assignments, allowance] = await Promise.all([loadAssignments('immediately_available_for_lessons'), loadLessonAllowance()]);
  if (assignments.length === 0) return 'no_lessons';
  if (allowance.remaining <= 0) return 'allowance';
  const subjects = await loadSubjects(assignments.map((a) => a.data.subject_id));
  const bySubject = new Map(assignments.map((a) => [a.data.subject_id, a]));
  const sequence = lessonSequence(
    [...subjects.values()].filter((s) => bySubject.has(s.id)),
    interleaved,
  );
  const chosen = cutBatch(sequence, batchSize, allowance.remaining);
  const [components, synonyms] = await Promise.all([
    loadSubjects(chosen.flatMap((s) => s.data.component_subject_ids)),
    loadSynonyms(chosen.map((s) => s.id)),
  ]);
  return {
    items: chosen.map((subject) => ({
      assignment: bySubject.get(subject.id) as AssignmentResource,
      subject,
      components: subject.data.component_subject_ids.flatMap((id) => components.get(id) ?? []),
      synonyms: synonyms.get(subject.id) ?? [],
    })),
    waiting: sequence.length - chosen.length,
  };
}

/**
 * Lessons: the batch's items one by one, then a quiz over the batch, then every item is started
 * (PUT /assignments/{id}/start) at the end. Leaving mid-batch starts nothing.
 */
export default function Lessons() {
  const user = useUser();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const prefs = user.preferences as { lessons_batch_size?: number; lessons_interleave?: boolean };

  const load = () => {
    if (user.current_vacation_started_at !== null) {
      setPhase({ kind: 'vacation' });
      return;
    }
    setPhase({ kind: 'loading' });
    loadBatch(prefs.lessons_batch_size, prefs.lessons_interleave === true)
      .then((batch) => setPhase(typeof batch === 'string' ? { kind: 'none', reason: batch } : { kind: 'learn', batch, index: 0 }))
      .catch((error: unknown) =>
        setPhase({ kind: 'error', message: error instanceof LoadError ? error.message : 'The server could not be reached.' }),
      );
  };
  useEffect(load, []);

  const startBatch = async (batch: Batch) => {
    setPhase({ kind: 'starting', batch });
    let failed = 0;
    for (const item of batch.items) {
      try {
        const { response } = await api.PUT('/assignments/{id}/start', { params: { path: { id: String(item.assignment.id) } }, body: {} });
        // 422 "already started" (a retry after a lost answer) is a success.
        if (!response.ok && response.status !== 422) failed++;
      } catch {
        failed++;
      }
    }
    setPhase({ kind: 'done', batch, failed });
  };

  switch (phase.kind) {
    case 'loading':
    case 'starting':
      return (
        <section>
          <h1>Lessons</h1>
          <p role="status">{phase.kind === 'loading' ? 'Loading…' : 'Saving your lessons…'}</p>
        </section>
      );
    case 'error':
      return (
        <section>
          <h1>Lessons</h1>
          <p role="alert" class="notice warn">
            {phase.message}
          </p>
          <button type="button" onClick={load}>
            Try again
          </button>
        </section>
      );
    case 'vacation':
      return (
        <section>
          <h1>Lessons</h1>
          <p class="notice">You are on vacation, so no lessons are served. End the vacation to study again.</p>
        </section>
      );
    case 'none':
      return (
        <section>
          <h1>Lessons</h1>
          <p class="notice">
            {phase.reason === 'no_lessons'
              ? 'No lessons are waiting. Keep up with your reviews: new items unlock as you pass the ones you know.'
              : 'You have taken all the lessons your daily limit allows. More tomorrow.'}
          </p>
          <a href="/" class="button">
            Home
          </a>
        </section>
      );
    case 'learn': {
      const { batch, index } = phase;
      const item = batch.items[index];
      if (!item) return null;
      const last = index === batch.items.length - 1;
      return (
        <section>
          <h1>Lessons</h1>
          <p class="quiz-progress">
            Item {index + 1} of {batch.items.length}
          </p>
          <SubjectDetails subject={item.subject} components={item.components} />
          <div class="lesson-nav">
            <button type="button" disabled={index === 0} onClick={() => setPhase({ kind: 'learn', batch, index: index - 1 })}>
              Previous
            </button>
            {last ? (
              <button type="button" class="primary" onClick={() => setPhase({ kind: 'quiz', batch })}>
                Start the quiz
              </button>
            ) : (
              <button type="button" class="primary" onClick={() => setPhase({ kind: 'learn', batch, index: index + 1 })}>
                Next
              </button>
            )}
          </div>
        </section>
      );
    }
    case 'quiz': {
      const items: QuizItem[] = phase.batch.items.map((item) => ({ key: item.subject.id, subject: item.subject, synonyms: item.synonyms }));
      return (
        <section>
          <h1>Lesson quiz</h1>
          <Quiz items={items} onItemDone={() => null} onFinished={() => void startBatch(phase.batch)} />
        </section>
      );
    }
    case 'done':
      return (
        <section>
          <h1>Lessons</h1>
          {phase.failed === 0 ? (
            <p role="status" class="notice ok">
              {phase.batch.items.length} new {phase.batch.items.length === 1 ? 'item' : 'items'} learned. They come back in your reviews.
            </p>
          ) : (
            <p role="alert" class="notice warn">
              {phase.failed} of {phase.batch.items.length} lessons could not be saved. The server may be unreachable; take the batch again
              later.
            </p>
          )}
          <div class="lesson-nav">
            {phase.batch.waiting > 0 && (
              <button type="button" class="primary" onClick={load}>
                Next batch
              </button>
            )}
            <a href="/" class="button">
              Home
            </a>
          </div>
        </section>
      );
  }
}
