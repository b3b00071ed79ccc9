/**
 * A part of an element that its first render does not need, in its own chunk: loaded on intent or
 * when first needed, and held once loaded. Unlike `React.lazy`, a part already loaded renders in the
 * very commit that asks for it (React.lazy suspends once on first use even when its chunk is in,
 * showing the fallback for a frame): a window opened from a list that closes in the same click
 * takes the focus in that commit, and nothing falls to <body> meanwhile. Until the part is in, the
 * owner renders what it chooses (nothing, or a box reserving the part's place). The hook that
 * renders one: use-lazy-part.ts.
 */
export interface LazyPart<M> {
  /** Starts loading (once; again after a failure) and settles with the module. */
  load(): Promise<M>;
  /** The module, once loaded. */
  readonly current: M | null;
  subscribe(listener: () => void): () => void;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let current: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      return (loading ??= importer().then(
        (m) => {
          current = m;
          for (const listener of [...listeners]) listener();
          return m;
        },
        (error: unknown) => {
          loading = null; // a later need tries again (back online)
          throw error;
        },
      ));
    },
    get current() {
      return current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Loads ahead of need (pointer over, focus, idle): a failure is left to the load that needs it. */
export function preloadPart(part: LazyPart<unknown>): void {
  part.load().catch(() => undefined);
}
