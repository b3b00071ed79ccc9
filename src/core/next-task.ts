/**
 * Resolves in a later task, so what follows the await runs in a task of its own and the browser
 * may handle input and paint in between. `scheduler.yield()` where the engine has it (Chromium,
 * Firefox 142+): its continuation goes ahead of other queued tasks, so yielding costs no wait behind
 * them. Elsewhere a zero timeout (a MessageChannel would skip the timer clamp but holds a port open).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
