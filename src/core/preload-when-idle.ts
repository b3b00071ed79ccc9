/** Prefetching in idle time, once the page has settled: shared by every element that prefetches code. */
/** How long after the page's load event it counts as settled. */
const SETTLE_MS = 2000;

/**
 * Runs `preload` at the browser's first idle moment once the page has settled (its load event,
 * then SETTLE_MS): the fallback for code and data a user may need without showing intent first
 * (the dock's inbox and windows, the post form). Never with Save-Data: nothing is fetched that
 * the user did not ask for. Returns the cancel.
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
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') settled();
  else addEventListener('load', settled, { once: true });
  return () => {
    removeEventListener('load', settled);
    clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
}
