import { useEffect, useState } from 'preact/hooks';
import type { SubjectResource } from '../../../client/src/index.js';
import { SubjectCharacters } from '../components/SubjectCharacters.js';
import { primaryMeaning, SubjectList, type SubjectSummary } from '../components/SubjectLink.js';
import { formatDateTime, formatNumber, formatPercent, plural } from '../format.js';
import { loadSubjects } from '../loaders.js';
import type { Dashboard } from './types.js';

export const EXTRA_STUDY_KINDS = [
  ['recent_lessons', 'Recent lessons'],
  ['recent_mistakes', 'Recent mistakes'],
  ['burned_items', 'Burned items'],
] as const;

export function ExtraStudyWidget({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ul class="extra-study-list">
      {EXTRA_STUDY_KINDS.map(([kind, label]) => {
        const p = dashboard.extra_study[kind];
        return (
          <li key={kind}>
            <a href={`/extra-study/${kind}`} class="extra-study-link">
              <span>{label}</span>
              <span class="count">{p.total === 0 ? 'none' : `${formatNumber(p.remaining)} of ${formatNumber(p.total)} left`}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Recent mistakes as a list of links, or as flashcards to flip through (recent_mistakes_mode). */
export function RecentMistakes({ dashboard }: { dashboard: Dashboard }) {
  const ids = dashboard.recent_mistakes.subject_ids;
  const [subjects, setSubjects] = useState<SubjectResource[] | null>(null);
  const [card, setCard] = useState(0);
  const [flipped, setFlipped] = useState(false);
  useEffect(() => {
    if (ids.length === 0) return setSubjects([]);
    loadSubjects(ids)
      .then((map) => setSubjects(ids.map((id) => map.get(id)).filter((s): s is SubjectResource => s !== undefined)))
      .catch(() => setSubjects([]));
  }, [ids.join(',')]);
  if (ids.length === 0) return <p class="empty">No mistakes in the last 24 hours.</p>;
  if (subjects === null) return <p role="status">Loading…</p>;
  const lead = (
    <p class="widget-lead">{plural(dashboard.recent_mistakes.count, 'item')} answered wrong in the last 24 hours, worst first.</p>
  );
  if (dashboard.recent_mistakes_mode === 'list') {
    return (
      <>
        {lead}
        <SubjectList label="Recent mistakes" empty="" subjects={subjects.map((subject) => ({ subject }))} />
        <a href="/extra-study/recent_mistakes">Practise them</a>
      </>
    );
  }
  const current = subjects[card % subjects.length];
  if (!current) return null;
  const readings = (current.data.readings ?? []).filter((r) => r.primary).map((r) => r.reading);
  return (
    <>
      {lead}
      <div class={`flashcard type-${current.object}`}>
        <button
          type="button"
          class="flashcard-face"
          aria-pressed={flipped}
          onClick={() => setFlipped(!flipped)}
          aria-label={flipped ? 'Show the characters' : 'Show the answer'}
        >
          <SubjectCharacters subject={current} />
          {flipped ? (
            <span class="flashcard-answer">
              {primaryMeaning(current)}
              {readings.length > 0 && <span lang="ja"> · {readings.join('、')}</span>}
            </span>
          ) : (
            <span class="flashcard-answer hint">Tap to show the answer</span>
          )}
        </button>
        <div class="flashcard-nav">
          <button type="button" onClick={() => (setCard((card + subjects.length - 1) % subjects.length), setFlipped(false))}>
            Previous
          </button>
          <span>
            {(card % subjects.length) + 1} / {subjects.length}
          </span>
          <button type="button" onClick={() => (setCard((card + 1) % subjects.length), setFlipped(false))}>
            Next
          </button>
        </div>
      </div>
      <a href={`/subjects/${current.id}`}>Open this item</a>
    </>
  );
}

export function CriticalItems({ dashboard }: { dashboard: Dashboard }) {
  return (
    <SubjectList
      label="Critical items"
      empty={
        dashboard.days_studied.days === 0
          ? 'Nothing reviewed yet.'
          : 'Nothing critical: every item you have reviewed is above 75 % correct.'
      }
      subjects={dashboard.critical_items.map((c) => ({
        subject: c.subject as SubjectSummary,
        detail: formatPercent(c.percentage_correct),
      }))}
    />
  );
}

export function RecentlyList({
  items,
  zone,
  empty,
  label,
}: {
  items: Dashboard['recently_unlocked'];
  zone: string;
  empty: string;
  label: string;
}) {
  return (
    <SubjectList
      label={label}
      empty={empty}
      subjects={items.map((i) => ({ subject: i.subject as SubjectSummary, detail: formatDateTime(i.at, zone) }))}
    />
  );
}
