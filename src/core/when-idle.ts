/**
 * Runs `run` at the browser's next idle moment, at the latest after `timeoutMs`; where the engine
 * has no requestIdleCallback (WebKit), in the next task. Returns the cancel. One place for that
 * fallback: the mount queue and the activity panel's formatters use it (preload-when-idle.ts, already
 * in a timer of its own, runs at once where there is no idle callback).
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
