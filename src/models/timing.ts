/**
 * Debounce and throttle, once for every element (no DOM: only the global timers). Each returns
 * the wrapped function with `cancel()` (drop what is pending) and `flush()` (run it now).
 */

/**
 * Trailing debounce (e.g. the GIF search input's 250 ms): runs `ms` after the
 * last call with its arguments. `cancel()` drops it, `flush()` runs it now.
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): ((...args: A) => void) & { cancel(): void; flush(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    clearTimeout(timer);
    run();
  };
  return debounced;
}

/**
 * Leading and trailing throttle: the first call runs at once, calls within `ms` collapse
 * into one trailing call with the latest arguments. `cancel()` drops a pending call.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): ((...args: A) => void) & { cancel(): void; flush(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    const args = pending!;
    pending = undefined;
    fn(...args);
  };
  const throttled = (...args: A) => {
    pending = args;
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === undefined) run();
    else timer ??= setTimeout(run, Math.max(0, wait));
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  throttled.flush = () => {
    if (pending === undefined) return;
    clearTimeout(timer);
    run();
  };
  return throttled;
}
