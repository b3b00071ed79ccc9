/**
 * Unsent messages deliver themselves, as in the messaging products people use every day: while
 * any message that can be retried is unsent, the send queue is tried again on a capped back-off
 * (2 s, 4 s, 8 s … 60 s), whether its window is open, minimized or closed. Coming back online and
 * the page becoming visible try at once and start the back-off over; any other successful call
 * (the server is reachable) tries at once too, at most once per base delay, keeping the back-off.
 * Offline, nothing is tried until the connection is back. Delivery stays exactly once: the queue
 * sends in order and the server de-duplicates on the client id.
 *
 * Pure: the timers and the clock are injected (tests drive them; the dock passes the window's).
 */

export const REDELIVERY_BASE_MS = 2000;
export const REDELIVERY_MAX_MS = 60000;

/** The wait before try number `attempt` (0-based): 2 s, 4 s, 8 s … capped at 60 s. */
export function redeliveryDelay(attempt: number): number {
  return Math.min(REDELIVERY_MAX_MS, REDELIVERY_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
}

export interface RedeliveryTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

export interface RedeliveryOptions {
  /** Tries every retryable unsent message again (the queue's retryAll); may reject. */
  retry: () => Promise<unknown>;
  /** Whether a message that can be retried is still unsent. */
  pending: () => boolean;
  /** Whether the browser says it is online (nothing is tried while it is not). */
  online: () => boolean;
  timers?: RedeliveryTimers;
}

export type NudgeReason = 'online' | 'visible' | 'success';

const defaultTimers: RedeliveryTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export class Redelivery {
  private readonly options: RedeliveryOptions;
  private readonly timers: RedeliveryTimers;
  private attempt = 0;
  private timer: unknown = null;
  private running = false;
  private lastRun = -Infinity;
  private disposed = false;

  constructor(options: RedeliveryOptions) {
    this.options = options;
    this.timers = options.timers ?? defaultTimers;
  }

  /** How many timed tries have run since the back-off last started over. */
  get attempts(): number {
    return this.attempt;
  }

  /** Whether a timed try is waiting. */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  /**
   * Something changed (a send failed, a message was queued or delivered): schedules the next try
   * when one is needed, or forgets the back-off when nothing is left to deliver.
   */
  check(): void {
    if (this.disposed || this.running) return;
    if (!this.options.pending()) {
      this.clear();
      this.attempt = 0;
      return;
    }
    if (this.timer !== null || !this.options.online()) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.attempt++;
      void this.run();
    }, redeliveryDelay(this.attempt));
  }

  /** Online again, the page visible again, or a call that worked: try now. */
  nudge(reason: NudgeReason): void {
    if (this.disposed || !this.options.pending() || !this.options.online()) return;
    if (reason === 'success' && this.timers.now() - this.lastRun < REDELIVERY_BASE_MS) return;
    if (reason !== 'success') this.attempt = 0;
    this.clear();
    void this.run();
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  private clear(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    if (this.running || this.disposed) return;
    if (!this.options.online()) return;
    this.running = true;
    this.lastRun = this.timers.now();
    try {
      await this.options.retry();
    } catch {
      // the queue marks the message; the next try is scheduled below
    } finally {
      this.running = false;
      this.check();
    }
  }
}
