import { useState } from 'preact/hooks';
import {
  allPages,
  BURN_MANAGER_MAX_IDS,
  type AssignmentResource,
  type BurnManagerOutcome,
  type BurnSkipReason,
  type SubjectResource,
} from '../../../client/src/index.js';
import { api, errorText } from '../api.js';
import { SubjectCharacters } from '../components/SubjectCharacters.js';
import { primaryMeaning } from '../components/SubjectLink.js';
import { formatDateTime, plural, useZone } from '../format.js';
import { loadSubjects, LoadError } from '../loaders.js';
import { LoadState, useLoad } from '../use-load.js';

type Action = 'resurrect' | 'retire';

/** Every `skipped` reason of POST /burn_manager in words (the type makes a new reason a compile error here). */
export const SKIP_REASON: Record<BurnSkipReason, string> = {
  not_burned: 'is not burned, so there is nothing to resurrect',
  already_burned: 'is already burned',
  not_started: 'was never taught (its lesson was not started)',
  not_resurrected: 'was never resurrected, so it cannot be retired',
  not_found: 'is not in your account',
};

const TABS: Record<Action, { title: string; query: Record<string, string>; verb: string; explain: string; empty: string }> = {
  resurrect: {
    title: 'Burned items',
    query: { burned: 'true' },
    verb: 'Resurrect',
    explain: 'A resurrected item goes back to the first stage and comes up in reviews again now.',
    empty: 'Nothing is burned yet. Items burn after about half a year of right answers.',
  },
  retire: {
    title: 'Resurrected items',
    query: { resurrected: 'true', burned: 'false' },
    verb: 'Retire',
    explain: 'Retiring a resurrected item burns it again: it leaves your reviews.',
    empty: 'No resurrected items are in your reviews.',
  },
};

interface Row {
  assignment: AssignmentResource;
  subject: SubjectResource;
}

async function loadRows(query: Record<string, string>): Promise<{ data: Row[] }> {
  const assignments = await allPages(async (cursor) => {
    const { data, error } = await api.GET('/assignments', {
      params: { query: { ...query, ...(cursor ? { page_after_id: cursor } : {}) } },
    });
    if (!data) throw new LoadError(errorText(error));
    return data;
  });
  const subjects = await loadSubjects(assignments.map((a) => a.data.subject_id));
  return {
    data: assignments.flatMap((assignment) => {
      const subject = subjects.get(assignment.data.subject_id);
      return subject ? [{ assignment, subject }] : [];
    }),
  };
}

/** Burn manager: resurrect burned items, retire resurrected ones; many at once (up to 200), after a confirmation. */
export default function BurnManager() {
  const zone = useZone();
  const [action, setAction] = useState<Action>('resurrect');
  const tab = TABS[action];
  const { state, reload } = useLoad(() => loadRows(tab.query), [action]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<BurnManagerOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = state.status === 'ready' ? state.data : [];
  // Names of every item listed so far: an outcome names items that the reloaded list no longer holds.
  const [names] = useState(() => new Map<number, SubjectResource>());
  for (const r of rows) names.set(r.subject.id, r.subject);

  const switchTo = (next: Action) => {
    setAction(next);
    setSelected(new Set());
    setConfirming(false);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else if (next.size < BURN_MANAGER_MAX_IDS) next.add(id);
    setSelected(next);
  };
  const selectAll = () => setSelected(new Set(rows.slice(0, BURN_MANAGER_MAX_IDS).map((r) => r.subject.id)));
  const submit = async () => {
    const { data, error: failed } = await api.POST('/burn_manager', { body: { action, subject_ids: [...selected] } });
    setConfirming(false);
    if (!data) return setError(errorText(failed));
    setError(null);
    setOutcome(data.data);
    setSelected(new Set());
    await reload();
  };
  const nameOf = (id: number) => {
    const s = names.get(id);
    return s ? `${s.data.characters ?? s.data.slug} (${primaryMeaning(s)})` : `Item ${id}`;
  };

  return (
    <section>
      <h1>Burn manager</h1>
      <div role="tablist" aria-label="Items" class="segmented">
        {(Object.keys(TABS) as Action[]).map((a) => (
          <button key={a} type="button" role="tab" aria-selected={action === a} onClick={() => switchTo(a)}>
            {TABS[a].title}
          </button>
        ))}
      </div>
      <p class="hint">{tab.explain}</p>
      {outcome && (
        <div role="status" class="notice ok">
          <p>
            {outcome.action === 'resurrect' ? 'Resurrected' : 'Retired'} {plural(outcome.changed.length, 'item')}
            {outcome.changed.length > 0 ? `: ${outcome.changed.map(nameOf).join(', ')}` : ''}.
          </p>
          {outcome.skipped.length > 0 && (
            <ul>
              {outcome.skipped.map((s) => (
                <li key={s.subject_id}>
                  Skipped {nameOf(s.subject_id)}: it {SKIP_REASON[s.reason]}.
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p role="alert" class="notice warn">
          {error}
        </p>
      )}
      <LoadState state={state} />
      {state.status === 'ready' && rows.length === 0 && <p class="empty">{tab.empty}</p>}
      {rows.length > 0 && (
        <>
          <div class="toolbar">
            <button type="button" onClick={selectAll}>
              Select {rows.length > BURN_MANAGER_MAX_IDS ? `the first ${BURN_MANAGER_MAX_IDS}` : 'all'}
            </button>
            <button type="button" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
              Clear
            </button>
            <button type="button" class="primary" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
              {tab.verb} {selected.size > 0 ? plural(selected.size, 'item') : ''}
            </button>
          </div>
          <p class="hint" aria-live="polite">
            {selected.size} selected (at most {BURN_MANAGER_MAX_IDS} at a time).
          </p>
          {confirming && (
            <div class="confirm" role="alertdialog" aria-labelledby="confirm-text">
              <p id="confirm-text">
                {tab.verb} {plural(selected.size, 'item')}? {tab.explain}
              </p>
              <button type="button" class="primary" onClick={submit} autoFocus>
                Yes, {tab.verb.toLowerCase()}
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          )}
          <ul class="check-list">
            {rows.map(({ assignment, subject }) => (
              <li key={subject.id}>
                <label>
                  <input type="checkbox" checked={selected.has(subject.id)} onChange={() => toggle(subject.id)} />
                  <SubjectCharacters subject={subject} size="small" />
                  <span>{primaryMeaning(subject)}</span>
                  <span class="muted">
                    {action === 'resurrect' && assignment.data.burned_at ? `burned ${formatDateTime(assignment.data.burned_at, zone)}` : ''}
                    {action === 'retire' && assignment.data.resurrected_at
                      ? `resurrected ${formatDateTime(assignment.data.resurrected_at, zone)}`
                      : ''}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
