import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LazyPart } from './lazy-part';

/**
 * The part's module once loaded, else null; while `needed`, loads it and renders again when it is
 * in. A part that cannot load when needed throws in render, as a `React.lazy` chunk does: the
 * element's error boundary says so.
 */
export function useLazyPart<M>(part: LazyPart<M>, needed = true): M | null {
  const current = useSyncExternalStore(part.subscribe, () => part.current);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!needed || part.current) return;
    let live = true;
    part.load().catch((error: unknown) => {
      if (live) setFailed({ error });
    });
    return () => {
      live = false;
    };
  }, [part, needed]);
  if (failed) throw failed.error;
  return current;
}
