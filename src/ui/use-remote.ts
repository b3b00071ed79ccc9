/**
 * Remote data in a component, one way for every element: load for a key, abort when the key
 * changes or the component goes, status, retry with an attempt count, and an optional cached
 * value to show at once. An aborted load is never an error.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../errors';

export type RemoteState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export interface RemoteOptions<T> {
  /** A value already at hand for the key (a cache): shown at once, no load. Skipped on Retry. */
  cached?: (key: string) => T | undefined;
  /** The spinner shows at least this long (a card must not flash one for a few ms). */
  minLoadMs?: number;
  /** Told about each failure (an alert, a log line). */
  onError?: (error: unknown) => void;
}

export type Remote<T> = RemoteState<T> & {
  /** How many times Retry was pressed for this key. */
  attempt: number;
  retry: () => void;
};

const LOADING = { status: 'loading' } as const;
const isAbort = (error: unknown) => error instanceof ApiError && error.kind === 'aborted';

export function useRemote<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
  options: RemoteOptions<T> = {},
): Remote<T> {
  const latest = useRef({ load, options });
  latest.current = { load, options };
  const fromCache = (k: string | null): RemoteState<T> => {
    const hit = k === null ? undefined : latest.current.options.cached?.(k);
    return hit === undefined ? LOADING : { status: 'ready', data: hit };
  };
  const [attempt, setAttempt] = useState({ key, n: 0 });
  const [state, setState] = useState<{ key: string | null; remote: RemoteState<T> }>(() => ({ key, remote: fromCache(key) }));
  const n = attempt.key === key ? attempt.n : 0;

  useEffect(() => {
    if (key === null) return;
    const hit = n === 0 ? latest.current.options.cached?.(key) : undefined;
    if (hit !== undefined) {
      // Already shown from the first render when the cache had it then: no second render.
      setState((current) =>
        current.key === key && current.remote.status === 'ready' && current.remote.data === hit
          ? current
          : { key, remote: { status: 'ready', data: hit } },
      );
      return;
    }
    const controller = new AbortController();
    setState({ key, remote: LOADING });
    const { minLoadMs } = latest.current.options;
    const floor = minLoadMs ? new Promise<void>((resolve) => setTimeout(resolve, minLoadMs)) : undefined;
    Promise.all([latest.current.load(key, controller.signal), floor]).then(
      ([data]) => {
        if (!controller.signal.aborted) setState({ key, remote: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ key, remote: { status: 'error', error } });
        latest.current.options.onError?.(error);
      },
    );
    return () => controller.abort();
  }, [key, n]);

  const retry = useCallback(() => setAttempt((a) => ({ key, n: (a.key === key ? a.n : 0) + 1 })), [key]);
  const remote = state.key === key ? state.remote : fromCache(key);
  return { ...remote, attempt: n, retry };
}
