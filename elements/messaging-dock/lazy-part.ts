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

/** How long after the page's load event an idle preload may start. */
const IDLE_PRELOAD_AFTER_MS = 2000;

/**
 * Runs `preload` at the browser's first idle moment once the page has settled (its load event,
 * then IDLE_PRELOAD_AFTER_MS): the fallback for parts a user may open without showing intent
 * first. Not with Save-Data. Returns the cancel.
 */
export function preloadWhenIdle(preload: () => void): () => void {
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (saveData) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const settled = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(preload, { timeout: 10_000 });
      else preload();
    }, IDLE_PRELOAD_AFTER_MS);
  };
  if (document.readyState === 'complete') settled();
  else addEventListener('load', settled, { once: true });
  return () => {
    removeEventListener('load', settled);
    clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
}
