import { useEffect, useRef, useState } from 'preact/hooks';
import {
  reviewQueueOrder,
  stageName,
  type AssignmentResource,
  type ItemProgress,
  type SubjectResource,
} from '../../../client/src/index.js';
import { reviewQueue } from '../api.js';
import { OfflineStatus } from '../components/OfflineStatus.js';
import { Quiz, type QuizItem } from '../components/Quiz.js';
import { LoadError, loadAssignments, loadSubjects, loadSynonyms } from '../loaders.js';
import { useUser } from '../session.js';

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'vacation' }
  | { kind: 'empty' }
  | { kind: 'quiz'; items: QuizItem[]; assignments: Map<number, AssignmentResource> }
  | { kind: 'done'; count: number };

interface ReviewBody {
  data: { starting_srs_stage: number; ending_srs_stage: number };
}

/**
 * Reviews: the due items in the learner's presentation order; each item's review is posted as soon
 * as both parts are answered right (through the offline queue, so an answer given while the server
 * is unreachable is kept and sent later, in order).
 */
export default function Reviews() {
  const user = useUser();
  const prefs = user.preferences as { reviews_presentation_order?: string; reviews_srs_indicator?: boolean };
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const sentBodies = useRef(new Map<string, unknown>());
  const finished = useRef(0);

  useEffect(() => reviewQueue.onSent((entry, body) => sentBodies.current.set(entry.id, body)), []);

  useEffect(() => {
    if (user.current_vacation_started_at !== null) {
      setPhase({ kind: 'vacation' });
      return;
    }
    (async () => {
      const due = await loadAssignments('immediately_available_for_review');
      if (due.length === 0) return setPhase({ kind: 'empty' });
      const subjectIds = due.map((a) => a.data.subject_id);
      const [subjects, synonyms] = await Promise.all([loadSubjects(subjectIds), loadSynonyms(subjectIds)]);
      const ordered = reviewQueueOrder(
        due.flatMap((assignment) => {
          const subject = subjects.get(assignment.data.subject_id);
          return subject ? [{ assignment, subject, srsStage: assignment.data.srs_stage, level: subject.data.level }] : [];
        }),
        prefs.reviews_presentation_order,
        Math.random,
      );
      setPhase({
        kind: 'quiz',
        items: ordered.map((o) => ({
          key: o.subject.id,
          subject: o.subject as SubjectResource,
          synonyms: synonyms.get(o.subject.id) ?? [],
        })),
        assignments: new Map(ordered.map((o) => [o.subject.id, o.assignment])),
      });
    })().catch((error: unknown) =>
      setPhase({ kind: 'error', message: error instanceof LoadError ? error.message : 'The server could not be reached.' }),
    );
  }, []);

  const submit = async (assignment: AssignmentResource, progress: ItemProgress) => {
    finished.current++;
    const entry = await reviewQueue.enqueue({
      assignment_id: assignment.id,
      incorrect_meaning_answers: progress.incorrectMeaning,
      incorrect_reading_answers: progress.incorrectReading,
      created_at: new Date().toISOString(),
    });
    // A flush already under way may have listed the queue before this answer: one more round sends it.
    for (let round = 0; round < 2 && !sentBodies.current.has(entry.id); round++) {
      const report = await reviewQueue.flush();
      if (report.waiting > 0) break;
    }
    if (!sentBodies.current.has(entry.id)) {
      return (await reviewQueue.waiting()).some((w) => w.id === entry.id) ? (
        <span class="srs-change">Saved on this device; it will be sent when the server can be reached.</span>
      ) : null;
    }
    const body = sentBodies.current.get(entry.id) as ReviewBody | undefined;
    if (prefs.reviews_srs_indicator === false || !body) return null;
    const { starting_srs_stage: from, ending_srs_stage: to } = body.data;
    return (
      <span class={`srs-change ${to > from ? 'up' : to < from ? 'down' : ''}`}>
        {stageName(from)} → {stageName(to)}
      </span>
    );
  };

  const header = <h1>Reviews</h1>;
  switch (phase.kind) {
    case 'loading':
      return (
        <section>
          {header}
          <p role="status">Loading…</p>
        </section>
      );
    case 'error':
      return (
        <section>
          {header}
          <p role="alert" class="notice warn">
            {phase.message}
          </p>
          <OfflineStatus />
        </section>
      );
    case 'vacation':
      return (
        <section>
          {header}
          <p class="notice">You are on vacation, so no reviews are served and your items wait. End the vacation to study again.</p>
        </section>
      );
    case 'empty':
      return (
        <section>
          {header}
          <p class="notice">No reviews are due now. Well done.</p>
          <OfflineStatus />
          <a href="/" class="button">
            Home
          </a>
        </section>
      );
    case 'quiz':
      return (
        <section>
          {header}
          <Quiz
            items={phase.items}
            onItemDone={(key, progress) => {
              const assignment = phase.assignments.get(key);
              return assignment ? submit(assignment, progress) : null;
            }}
            onFinished={() => setPhase({ kind: 'done', count: finished.current })}
          />
          <OfflineStatus />
        </section>
      );
    case 'done':
      return (
        <section>
          {header}
          <p role="status" class="notice ok">
            All {phase.count} due {phase.count === 1 ? 'review' : 'reviews'} answered.
          </p>
          <OfflineStatus />
          <a href="/" class="button">
            Home
          </a>
        </section>
      );
  }
}
