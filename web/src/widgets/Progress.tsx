import { Meter, StackedBar } from '../components/charts.js';
import { formatNumber, plural } from '../format.js';
import { MAX_LEVEL } from '../../../client/src/index.js';
import type { Dashboard } from './types.js';

export function LevelProgress({ dashboard }: { dashboard: Dashboard }) {
  const p = dashboard.level_progress;
  const rows = [
    { key: 'radical', label: 'Radicals', ...p.radicals },
    { key: 'kanji', label: 'Kanji', ...p.kanji },
    { key: 'vocabulary', label: 'Vocabulary', ...p.vocabulary },
  ];
  const top = p.level >= MAX_LEVEL && p.kanji_to_level_up === 0;
  return (
    <>
      <p class="widget-lead">
        Level {p.level}:{' '}
        {top
          ? 'the top level. Burn what is left to complete the curriculum.'
          : p.kanji_to_level_up === 0
            ? 'enough kanji passed to level up.'
            : `${plural(p.kanji_to_level_up, 'more kanji', 'more kanji')} to pass to level up.`}
      </p>
      <dl class="progress-rows">
        {rows.map((r) => (
          <div key={r.key} class={`progress-row type-${r.key}`}>
            <dt>{r.label}</dt>
            <dd>
              <Meter value={r.passed} max={r.total} label={`${r.label} passed`} />
              <span class="progress-numbers">
                {formatNumber(r.passed)} / {formatNumber(r.total)} passed
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export const STAGE_GROUPS = [
  ['apprentice', 'Apprentice'],
  ['guru', 'Guru'],
  ['master', 'Master'],
  ['enlightened', 'Enlightened'],
  ['burned', 'Burned'],
] as const;

export function ItemSpreadWidget({ dashboard }: { dashboard: Dashboard }) {
  const spread = dashboard.item_spread;
  if (dashboard.item_spread_view === 'graph') {
    return (
      <>
        <ul class="spread-graph">
          {STAGE_GROUPS.map(([key, label]) => {
            const g = spread[key];
            return (
              <li key={key}>
                <span class="spread-label">
                  {label} <strong>{formatNumber(g.total)}</strong>
                </span>
                <StackedBar
                  label={`${label}: ${g.radical} radicals, ${g.kanji} kanji, ${g.vocabulary} vocabulary`}
                  segments={[
                    { key: 'radical', label: 'Radicals', value: g.radical },
                    { key: 'kanji', label: 'Kanji', value: g.kanji },
                    { key: 'vocabulary', label: 'Vocabulary', value: g.vocabulary },
                  ]}
                />
              </li>
            );
          })}
        </ul>
        <p class="legend" aria-hidden="true">
          <span class="swatch seg-radical" /> Radicals <span class="swatch seg-kanji" /> Kanji <span class="swatch seg-vocabulary" />{' '}
          Vocabulary
        </p>
        <a href="/item-spread">See every item</a>
      </>
    );
  }
  return (
    <>
      <div class="table-scroll">
        <table class="spread-table">
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Radicals</th>
              <th scope="col">Kanji</th>
              <th scope="col">
                <abbr title="Vocabulary">Vocab.</abbr>
              </th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {STAGE_GROUPS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{formatNumber(spread[key].radical)}</td>
                <td>{formatNumber(spread[key].kanji)}</td>
                <td>{formatNumber(spread[key].vocabulary)}</td>
                <td>{formatNumber(spread[key].total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <a href="/item-spread">See every item</a>
    </>
  );
}
