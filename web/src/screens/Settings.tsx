import { useState } from 'preact/hooks';
import {
  DEFAULT_PREFERENCES,
  LESSONS_BATCH_SIZE_RANGE,
  MAX_DAILY_LESSONS_RANGE,
  PREFERENCE_CHOICES,
  readPreferences,
  type StudyPreferences,
} from '../../../client/src/index.js';
import { api, errorText } from '../api.js';
import { browserZone, formatDay, PERIOD_LABEL, plural } from '../format.js';
import { useSession, useUser } from '../session.js';
import { LoadState, useLoad } from '../use-load.js';

const CHOICE_LABEL: Record<string, string> = {
  ...PERIOD_LABEL,
  shuffled: 'Shuffled',
  apprentice_first: 'Apprentice items first',
  lower_srs_first: 'Lowest SRS stage first',
  lower_levels_first: 'Lowest level first',
  masculine_only: 'Masculine only',
  prefer_masculine: 'Prefer masculine',
  feminine_only: 'Feminine only',
  prefer_feminine: 'Prefer feminine',
  random: 'Either, at random',
  table: 'Table',
  graph: 'Bar chart',
  list: 'List',
  flashcard: 'Flashcards',
  month: 'Month',
  year: 'Year',
};

type ChoiceKey = keyof typeof PREFERENCE_CHOICES;
type FlagKey = { [K in keyof StudyPreferences]: StudyPreferences[K] extends boolean ? K : never }[keyof StudyPreferences];

const CHOICES: { key: ChoiceKey; label: string }[] = [
  { key: 'reviews_presentation_order', label: 'Review order' },
  { key: 'default_voice_gender', label: 'Voice of pronunciation audio' },
  { key: 'correct_percentage_period', label: 'Home: correct answers period' },
  { key: 'reviews_completed_period', label: 'Home: reviews completed period' },
  { key: 'item_spread_view', label: 'Home: item spread shown as' },
  { key: 'recent_mistakes_mode', label: 'Home: recent mistakes shown as' },
  { key: 'heat_map_view', label: 'Heat map view' },
];
const FLAGS: { key: FlagKey; label: string }[] = [
  { key: 'lessons_interleave', label: 'Interleave lesson types (radicals, kanji and vocabulary mixed)' },
  { key: 'lessons_autoplay_audio', label: 'Play audio automatically in lessons' },
  { key: 'reviews_autoplay_audio', label: 'Play audio automatically in reviews' },
  { key: 'extra_study_autoplay_audio', label: 'Play audio automatically in extra study' },
  { key: 'reviews_srs_indicator', label: 'Show the SRS stage change after each review' },
];

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** IANA zones with the browser's first (then the learner's current one, then the rest A to Z). */
function zoneOptions(current: string | null): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const first = [browserZone(), ...(current ? [current] : [])];
  return [...new Set([...first, ...all.filter((z) => !first.includes(z)), 'UTC'])];
}

function Vacation() {
  const { refresh } = useSession();
  const { state, set } = useLoad(() => api.GET('/vacation'));
  const [error, setError] = useState<string | null>(null);
  const toggle = async (active: boolean) => {
    const { data, error: failed } = await api.PUT('/vacation', { body: { active } });
    if (!data) return setError(errorText(failed));
    setError(null);
    set(data);
    await refresh();
  };
  return (
    <section class="panel" aria-labelledby="vacation-heading">
      <h2 id="vacation-heading">Vacation</h2>
      <p class="hint">
        Vacation pauses the SRS clock: nothing is served while it is on, and when you come back every review is moved on by the time you
        were away, so nothing piles up.
      </p>
      <LoadState state={state} />
      {state.status === 'ready' &&
        (state.data.data.started_at === null ? (
          <button type="button" onClick={() => toggle(true)}>
            Start vacation
          </button>
        ) : (
          <>
            <p role="status">
              On vacation since {formatDay(state.data.data.started_at.slice(0, 10))} ({plural(state.data.data.days_away, 'day')} away).
            </p>
            <button type="button" class="primary" onClick={() => toggle(false)}>
              End vacation
            </button>
          </>
        ))}
      {error && (
        <p role="alert" class="notice warn">
          {error}
        </p>
      )}
    </section>
  );
}

/** Settings: every preference with its allowed values and default, the time zone, vacation. */
export default function Settings() {
  const user = useUser();
  const { refresh } = useSession();
  const [prefs, setPrefs] = useState<StudyPreferences>(() => readPreferences(user.preferences));
  const [zone, setZone] = useState<string>(user.timezone ?? browserZone());
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const update = <K extends keyof StudyPreferences>(key: K, value: StudyPreferences[K]) => setPrefs({ ...prefs, [key]: value });
  const save = async (event: Event) => {
    event.preventDefault();
    const { hidden_widgets: _kept, ...preferences } = prefs;
    const { data, error } = await api.PUT('/user', { body: { timezone: zone, preferences } });
    if (!data) return setStatus({ ok: false, text: errorText(error) });
    setStatus({ ok: true, text: 'Settings saved.' });
    await refresh();
  };
  const D = DEFAULT_PREFERENCES;

  return (
    <section class="settings">
      <h1>Settings</h1>
      <form onSubmit={save}>
        <section class="panel" aria-labelledby="time-heading">
          <h2 id="time-heading">Time zone</h2>
          <label for="timezone">Your time zone (days, streaks and lesson limits follow it)</label>
          <select id="timezone" value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
            {zoneOptions(user.timezone).map((z, i) => (
              <option key={z} value={z}>
                {i === 0 ? `${z} (this browser)` : z}
              </option>
            ))}
          </select>
          {user.timezone === null && <p class="hint">Not set yet: the server counts days in UTC until you save one.</p>}
        </section>

        <section class="panel" aria-labelledby="lessons-heading">
          <h2 id="lessons-heading">Lessons and reviews</h2>
          <label for="lessons_batch_size">Lessons per batch</label>
          <input
            id="lessons_batch_size"
            type="number"
            min={LESSONS_BATCH_SIZE_RANGE.min}
            max={LESSONS_BATCH_SIZE_RANGE.max}
            required
            value={prefs.lessons_batch_size}
            onInput={(e) => update('lessons_batch_size', e.currentTarget.valueAsNumber)}
          />
          <p class="hint">
            {LESSONS_BATCH_SIZE_RANGE.min} to {LESSONS_BATCH_SIZE_RANGE.max}; default {D.lessons_batch_size}.
          </p>
          <label for="max_daily_lessons">Most lessons a day</label>
          <input
            id="max_daily_lessons"
            type="number"
            min={MAX_DAILY_LESSONS_RANGE.min}
            max={MAX_DAILY_LESSONS_RANGE.max}
            required
            value={prefs.max_daily_lessons}
            onInput={(e) => update('max_daily_lessons', e.currentTarget.valueAsNumber)}
          />
          <p class="hint">
            {MAX_DAILY_LESSONS_RANGE.min} (no new lessons) to {MAX_DAILY_LESSONS_RANGE.max}; default {D.max_daily_lessons}.
          </p>
          {FLAGS.map(({ key, label }) => (
            <div key={key} class="check">
              <input id={key} type="checkbox" checked={prefs[key]} onChange={(e) => update(key, e.currentTarget.checked)} />
              <label for={key}>
                {label} <span class="hint">(default {onOff(D[key])})</span>
              </label>
            </div>
          ))}
        </section>

        <section class="panel" aria-labelledby="display-heading">
          <h2 id="display-heading">Display</h2>
          {CHOICES.map(({ key, label }) => (
            <div key={key} class="field">
              <label for={key}>{label}</label>
              <select id={key} value={prefs[key]} onChange={(e) => update(key, e.currentTarget.value as never)}>
                {PREFERENCE_CHOICES[key].map((value) => (
                  <option key={value} value={value}>
                    {CHOICE_LABEL[value] ?? value}
                    {value === D[key] ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <p class="hint">Widgets are hidden and shown from the home page.</p>
        </section>

        <div class="save-bar">
          <button type="submit" class="primary">
            Save settings
          </button>
          {status && (
            <p role="status" class={`notice ${status.ok ? 'ok' : 'warn'}`}>
              {status.text}
            </p>
          )}
        </div>
      </form>
      <Vacation />
    </section>
  );
}
