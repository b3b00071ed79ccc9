/** Waiting on state, never on time. */

export interface WaitOptions {
  /** Give up after this many ms (default 5000). */
  timeout?: number;
  /** What we were waiting for, for the error message. */
  message?: string;
}

/**
 * Polls `predicate` (every animation frame or 10 ms, whichever comes first) until it returns a
 * truthy value, which is returned. A predicate that throws counts as "not yet"; the last error is
 * part of the timeout message.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, options: WaitOptions = {}): Promise<NonNullable<T>> {
  const timeout = options.timeout ?? 5000;
  const started = performance.now();
  let lastError: unknown;
  let lastValue: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
      lastValue = value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() - started > timeout) {
      const what = options.message ?? predicate.toString().slice(0, 200);
      const detail = lastError
        ? ` Last error: ${lastError instanceof Error ? lastError.message : String(lastError)}`
        : ` Last value: ${String(lastValue)}`;
      throw new Error(`waitFor timed out after ${timeout} ms: ${what}.${detail}`);
    }
    await nextTick();
  }
}

/** Resolves on the next animation frame or after 10 ms (frames are throttled in some headless modes). */
export function nextTick(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    requestAnimationFrame(finish);
    setTimeout(finish, 10);
  });
}

/** Waits until `target` dispatches `type` (optionally matching `filter`); returns the event. */
export function waitForEvent<E extends Event = Event>(
  target: EventTarget,
  type: string,
  { timeout = 5000, filter }: { timeout?: number; filter?: (event: E) => boolean } = {},
): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.removeEventListener(type, listener);
      reject(new Error(`waitForEvent timed out after ${timeout} ms: no "${type}" event`));
    }, timeout);
    const listener = (event: Event) => {
      if (filter && !filter(event as E)) return;
      clearTimeout(timer);
      target.removeEventListener(type, listener);
      resolve(event as E);
    };
    target.addEventListener(type, listener);
  });
}

/** A promise with its resolve/reject exposed (e.g. a chunk load the test releases later). */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}
export function deferred<T>(): Deferred<T> {
  const d = { settled: false } as Deferred<T>;
  d.promise = new Promise<T>((resolve, reject) => {
    d.resolve = (v) => {
      d.settled = true;
      resolve(v);
    };
    d.reject = (e) => {
      d.settled = true;
      reject(e);
    };
  });
  return d;
}
