/**
 * A hand-driven clock for the ad tests: the loader and the slot take their timers as a parameter,
 * so the tests move time themselves and can see what is still scheduled.
 */
import type { AdTimers } from './script';

/** Lets promise callbacks (a load resolving, a slot reacting to it) run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function fakeClock() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: AdTimers = {
    setTimeout(fn, ms) {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout(id) {
      pending.delete(id as number);
    },
  };
  return {
    timers,
    /** Runs every timer due within `ms`, in order, settling promises after each. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...pending].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await settle();
      }
      now = end;
      await settle();
    },
    get now() {
      return now;
    },
    /** How many timers are still scheduled. */
    get pending() {
      return pending.size;
    },
  };
}
