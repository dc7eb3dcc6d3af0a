import { useState } from 'preact/hooks';
import type { AdvanceOutcome, TrancheBlock } from '../../../client/src/index.js';
import { api, errorText } from '../api.js';
import { SubjectList } from '../components/SubjectLink.js';
import { formatDateTime, plural, useZone } from '../format.js';
import { useSession } from '../session.js';
import { LoadState, useLoad } from '../use-load.js';

/** Why nothing can be unlocked, in words (the `blocked` of /unlockable and the `reason` of /advance). */
export const NOTHING_REASON: Record<TrancheBlock, string> = {
  lessons_pending: 'You still have lessons waiting. Take them first; the next tranche opens once every unlocked lesson is started.',
  nothing_to_unlock:
    'Nothing can be unlocked ahead of time yet: every locked item still has a part you have not started. Study your current lessons and come back.',
  max_level: 'You are at the top level and everything is unlocked. Nothing more to open.',
};

/** Advance: what the next tranche holds (with projected unlock times) and a button that opens it now. */
export default function Advance() {
  const zone = useZone();
  const { refresh } = useSession();
  const { state, reload } = useLoad(() => api.GET('/unlockable'));
  const [result, setResult] = useState<AdvanceOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const advance = async () => {
    setBusy(true);
    const { data, error: failed } = await api.POST('/advance', { body: {} });
    setBusy(false);
    if (!data) return setError(errorText(failed));
    setError(null);
    setResult(data.data);
    await Promise.all([reload(), refresh()]);
  };

  const u = state.status === 'ready' ? state.data.data : null;
  return (
    <section>
      <h1>Unlock more lessons</h1>
      <p class="hint">
        Open the next lessons before the current items reach Guru. Each item below would unlock on its own when its parts pass; the time
        shown assumes you answer every review right as soon as it is due.
      </p>
      {result && (
        <p role="status" class={`notice ${result.outcome === 'nothing' ? '' : 'ok'}`}>
          {result.outcome === 'unlocked' && `Unlocked ${plural(result.unlocked, 'new lesson')}.`}
          {result.outcome === 'levelled_up' &&
            `Level up! You are now level ${result.level}, with ${plural(result.unlocked, 'new lesson')}.`}
          {result.outcome === 'nothing' && (result.reason ? NOTHING_REASON[result.reason] : 'Nothing was unlocked.')}{' '}
          {result.outcome !== 'nothing' && <a href="/lessons">Start the lessons</a>}
        </p>
      )}
      {error && (
        <p role="alert" class="notice warn">
          {error}
        </p>
      )}
      <LoadState state={state} />
      {u && (
        <>
          {u.blocked !== null ? (
            <p class="notice">{NOTHING_REASON[u.blocked]}</p>
          ) : (
            <p>The next tranche holds {plural(u.total, 'item')}.</p>
          )}
          {u.pending > 0 && (
            <p>
              {plural(u.pending, 'lesson')} already waiting. <a href="/lessons">Go to lessons</a>
            </p>
          )}
          <button type="button" class="primary" disabled={busy || u.blocked !== null} onClick={advance}>
            Unlock {u.total > 0 ? plural(u.total, 'item') : 'the next tranche'} now
          </button>
          {u.candidates.length > 0 && (
            <SubjectList
              label="What the next tranche holds"
              empty=""
              subjects={u.candidates.map((c) => ({
                subject: {
                  id: c.subject_id,
                  object: c.object,
                  data: { slug: c.slug, level: c.level, characters: c.characters, meanings: c.meanings },
                },
                detail: c.unlocks_at === null ? 'ready to unlock now' : `would unlock ${formatDateTime(c.unlocks_at, zone)}`,
              }))}
            />
          )}
        </>
      )}
    </section>
  );
}
