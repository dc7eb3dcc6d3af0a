import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorText } from './api.js';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Loads something from the API when a screen opens (and again on `reload`). `load` returns an
 * openapi-fetch result; an error body's sentence is what the learner sees.
 */
export function useLoad<T>(
  load: () => Promise<{ data?: T; error?: unknown }>,
  deps: unknown[] = [],
): { state: Loaded<T>; reload: () => Promise<void>; set: (data: T) => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      const result = await load();
      setState(result.data !== undefined ? { status: 'ready', data: result.data } : { status: 'error', message: errorText(result.error) });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error && error.message ? error.message : 'The server cannot be reached.' });
    }
  }, deps);
  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);
  return { state, reload, set: (data: T) => setState({ status: 'ready', data }) };
}

/** What a screen shows while loading or after a failed load. */
export function LoadState({ state }: { state: Loaded<unknown> }) {
  if (state.status === 'loading') return <p role="status">Loading…</p>;
  if (state.status === 'error')
    return (
      <p role="alert" class="notice warn">
        {state.message}
      </p>
    );
  return null;
}
