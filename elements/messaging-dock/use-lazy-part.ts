import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LazyPart } from './lazy-part';

export interface LazyPartLoad<M> {
  /** The part's module once loaded, else null. */
  code: M | null;
  /** Loads that failed while the part was needed (0 once it is in). */
  failures: number;
  /** A load is on its way after a failure (the owner's Retry says "Retrying..."). */
  retrying: boolean;
  /** Loads it again (a Retry). */
  retry(): void;
}

/**
 * A lazy part for a component: while `needed`, loads it and renders again when it is in. A part
 * that cannot load (offline, a deploy that removed the chunk) is the owner's to show with a Retry,
 * not an error thrown in render: the dock's open windows, and what is typed in them, stay.
 */
export function useLazyPart<M>(part: LazyPart<M>, needed = true): LazyPartLoad<M> {
  const code = useSyncExternalStore(part.subscribe, () => part.current);
  const [failures, setFailures] = useState(0);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed || part.current) return;
    let live = true;
    setLoading(true);
    part.load().then(
      () => live && setLoading(false),
      (error: unknown) => {
        console.error('[tumblelog] a part of the element could not load', error);
        if (!live) return;
        setLoading(false);
        setFailures((n) => n + 1);
      },
    );
    return () => {
      live = false;
    };
  }, [part, needed, attempt]);
  return {
    code,
    failures: code ? 0 : failures,
    retrying: !code && failures > 0 && loading,
    retry: () => setAttempt((n) => n + 1),
  };
}
