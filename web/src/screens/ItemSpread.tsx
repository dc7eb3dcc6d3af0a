import { api } from '../api.js';
import { SubjectList } from '../components/SubjectLink.js';
import { formatNumber } from '../format.js';
import { LoadState, useLoad } from '../use-load.js';

/** Item spread: the five stage groups by type, with every item linking to its subject page. */
export default function ItemSpread() {
  const { state } = useLoad(() => api.GET('/item_spread'));
  return (
    <section>
      <h1>Item spread</h1>
      <LoadState state={state} />
      {state.status === 'ready' && state.data.data.total === 0 && (
        <p class="notice">Nothing is in your reviews yet. Items appear here once their lesson is done.</p>
      )}
      {state.status === 'ready' &&
        state.data.data.buckets.map((bucket) => (
          <section key={bucket.key} class={`panel stage-${bucket.key}`} aria-labelledby={`bucket-${bucket.key}`}>
            <h2 id={`bucket-${bucket.key}`}>
              {bucket.label} <span class="count-badge">{formatNumber(bucket.total)}</span>
            </h2>
            {bucket.total === 0 ? (
              <p class="empty">No items at this stage.</p>
            ) : (
              bucket.types
                .filter((type) => type.total > 0)
                .map((type) => (
                  <div key={type.key} class="spread-group">
                    <h3>
                      {type.label} <span class="muted">{formatNumber(type.total)}</span>
                    </h3>
                    <SubjectList label={`${bucket.label} ${type.label}`} empty="" subjects={type.items.map((subject) => ({ subject }))} />
                  </div>
                ))
            )}
          </section>
        ))}
    </section>
  );
}
