/**
 * When the rich editor reports its body to the form. The body is the whole document serialised and
 * sanitised: cheap for a short post, and then reported at every change, as a field's own onChange
 * is. For a long post that work at every key made typing slow (1.6 s from key to paint on a 200 KB
 * post at 4× CPU throttling), so once one serialisation has cost more than the budget, the body is
 * reported in a task of its own when typing pauses, at least every few seconds while it goes on,
 * and at once whenever the form asks (elements/post-composer/form/pending-edits.ts). Pure: the clock and the timer are injected.
 */

/** A serialisation cheaper than this runs at every change. */
export const BODY_SYNC_BUDGET_MS = 4;
/** A long body is reported once typing has paused this long … */
export const BODY_REPORT_PAUSE_MS = 1000;
/** … and at least this often while it goes on, so the stored draft keeps up. */
export const BODY_REPORT_MAX_WAIT_MS = 5000;

export interface BodyReporterOptions {
  serialize: () => string;
  report: (html: string) => void;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface BodyReporter {
  /** The document changed. */
  changed(): void;
  /** Reports a pending change now (nothing when none is pending). */
  flush(): void;
  /** Stops the timer; what is pending is not reported. */
  dispose(): void;
}

export function createBodyReporter(options: BodyReporterOptions): BodyReporter {
  let pendingSince: number | undefined;
  let timer: unknown;
  let lastCost = 0;

  const stopTimer = () => {
    if (timer !== undefined) options.clearTimer(timer);
    timer = undefined;
  };
  const flush = () => {
    stopTimer();
    if (pendingSince === undefined) return;
    pendingSince = undefined;
    const started = options.now();
    const html = options.serialize();
    lastCost = options.now() - started;
    options.report(html);
  };
  return {
    changed() {
      const now = options.now();
      pendingSince ??= now;
      if (lastCost < BODY_SYNC_BUDGET_MS) return flush();
      // Never inside the keystroke: after a pause, or when the longest wait is up, in a task of its own.
      stopTimer();
      timer = options.setTimer(flush, Math.max(0, Math.min(BODY_REPORT_PAUSE_MS, pendingSince + BODY_REPORT_MAX_WAIT_MS - now)));
    },
    flush,
    dispose: stopTimer,
  };
}
