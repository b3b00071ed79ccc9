/**
 * The messaging poller (spec §4 Polling, §9 Messaging polling), no DOM: one timer, a back-off
 * table per view, reset on activity, a typing throttle and a stop after repeated errors.
 *
 *  - Runs only while enabled: the e-mail is verified AND the inbox or a conversation is open.
 *  - Polls at the conversation rate while a conversation is open, else at the inbox rate.
 *  - delay = base frequency × multiplier; each unchanged response advances the multiplier
 *    (the last one repeats); a changed response, typing, input, a frequency change or a change
 *    of view resets it to the first.
 *  - Typing triggers at most one poll per 30000 ms.
 *  - More than 3 consecutive errors stop the poller (`stoppedByErrors`); it starts again on
 *    `restart()` or when polling is enabled anew (e.g. the inbox is opened again).
 *
 * Timers are injected (setTimeout-compatible), so tests drive it with vitest fake timers.
 */

export const MESSAGING_POLL_FREQUENCY_MS = 15000; // spec: default for messaging
export const INBOX_BACKOFF: readonly number[] = [1, 1, 2, 2, 4];
export const CONVERSATION_BACKOFF: readonly number[] = [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16];
export const TYPING_POLL_INTERVAL_MS = 30000;
/** Spec: "stop after more than 3 errors" — the 4th consecutive error stops. */
export const MAX_CONSECUTIVE_ERRORS = 3;

export type PollMode = 'inbox' | 'conversation';

export interface PollerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

/** Looks the globals up at call time, so vitest's fake timers (installed later) are used. */
export const defaultTimers: PollerTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface PollerState {
  verifiedEmail: boolean;
  inboxOpen: boolean;
  conversationOpen: boolean;
}

export interface PollerOptions {
  /** One poll; resolves true when the response changed something (new unread, new messages). */
  poll: (mode: PollMode) => Promise<boolean>;
  /** Base frequency from the server config; default 15000 ms. Non-positive or non-finite → default. */
  frequencyMs?: number;
  timers?: PollerTimers;
  /** Called once when the poller stops after too many errors. */
  onStop?: (lastError: unknown) => void;
  onError?: (error: unknown, consecutive: number) => void;
}

export function multipliersFor(mode: PollMode): readonly number[] {
  return mode === 'conversation' ? CONVERSATION_BACKOFF : INBOX_BACKOFF;
}

/** The multiplier at a back-off step; past the end the last one repeats. */
export function multiplierAt(mode: PollMode, step: number): number {
  const table = multipliersFor(mode);
  return table[Math.min(Math.max(0, Math.floor(step)), table.length - 1)]!;
}

const validFrequency = (ms: number | undefined): number =>
  typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : MESSAGING_POLL_FREQUENCY_MS;

export function isPollingEnabled(state: PollerState): boolean {
  return state.verifiedEmail && (state.inboxOpen || state.conversationOpen);
}

export class Poller {
  private readonly poll: PollerOptions['poll'];
  private readonly timers: PollerTimers;
  private readonly onStop: PollerOptions['onStop'];
  private readonly onError: PollerOptions['onError'];
  private frequency: number;
  private state: PollerState = { verifiedEmail: false, inboxOpen: false, conversationOpen: false };
  private step = 0;
  private errors = 0;
  private stopped = false;
  private disposed = false;
  private timer: unknown = null;
  private dueAt = 0;
  private inFlight = false;
  /** Bumped whenever a poll's result must be ignored (disabled, disposed, view changed). */
  private generation = 0;
  private lastTypingPoll = Number.NEGATIVE_INFINITY;

  constructor(options: PollerOptions) {
    this.poll = options.poll;
    this.timers = options.timers ?? defaultTimers;
    this.onStop = options.onStop;
    this.onError = options.onError;
    this.frequency = validFrequency(options.frequencyMs);
  }

  get mode(): PollMode {
    return this.state.conversationOpen ? 'conversation' : 'inbox';
  }

  get enabled(): boolean {
    return !this.disposed && isPollingEnabled(this.state);
  }

  /** True while a timer is set or a poll is in flight. */
  get running(): boolean {
    return this.timer !== null || this.inFlight;
  }

  get stoppedByErrors(): boolean {
    return this.stopped;
  }

  get consecutiveErrors(): number {
    return this.errors;
  }

  /** The current back-off step (index into the mode's table). */
  get backoffStep(): number {
    return this.step;
  }

  /** The delay the next scheduled poll uses. */
  get currentDelay(): number {
    return this.frequency * multiplierAt(this.mode, this.step);
  }

  /** Updates what the poller depends on; starts, stops or re-schedules accordingly. */
  setState(next: Partial<PollerState>): void {
    if (this.disposed) return;
    const wasEnabled = this.enabled;
    const oldMode = this.mode;
    this.state = { ...this.state, ...next };
    const enabled = this.enabled;
    if (!enabled) {
      this.halt();
      return;
    }
    if (!wasEnabled) {
      // enabled anew: a fresh start, even after an error stop
      this.stopped = false;
      this.errors = 0;
      this.step = 0;
      this.schedule(this.currentDelay);
      return;
    }
    if (oldMode !== this.mode) {
      this.generation++; // a poll of the old view no longer decides the back-off
      this.inFlight = false;
      this.reset(true);
    }
  }

  /** A new base frequency (server config); resets the back-off. */
  setFrequency(ms: number): void {
    const next = validFrequency(ms);
    if (next === this.frequency) return;
    this.frequency = next;
    this.reset(true);
  }

  /** Input in a conversation or the inbox: resets the back-off. */
  input(): void {
    this.reset(false);
  }

  /** Typing resets the back-off and triggers a poll at most once per 30000 ms. */
  typing(): void {
    if (!this.enabled || this.stopped) return;
    this.step = 0;
    const now = this.timers.now();
    if (!this.inFlight && now - this.lastTypingPoll >= TYPING_POLL_INTERVAL_MS) {
      this.lastTypingPoll = now;
      this.clearTimer();
      void this.run();
      return;
    }
    this.rescheduleIfLater(this.currentDelay);
  }

  /** Starts again after an error stop (e.g. a Retry). */
  restart(): void {
    if (!this.enabled) return;
    this.stopped = false;
    this.errors = 0;
    this.step = 0;
    this.schedule(this.currentDelay);
  }

  dispose(): void {
    this.halt();
    this.disposed = true;
  }

  private reset(forceReschedule: boolean): void {
    this.step = 0;
    if (!this.enabled || this.stopped || this.inFlight) return;
    if (forceReschedule) this.schedule(this.currentDelay);
    else this.rescheduleIfLater(this.currentDelay);
  }

  /** Brings the next poll forward to `delay` from now when it is due later than that. */
  private rescheduleIfLater(delay: number): void {
    if (this.inFlight) return;
    if (this.timer === null || this.dueAt - this.timers.now() > delay) this.schedule(delay);
  }

  private halt(): void {
    this.clearTimer();
    this.generation++;
    this.inFlight = false;
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number): void {
    this.clearTimer();
    if (!this.enabled || this.stopped) return;
    this.dueAt = this.timers.now() + delay;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    if (!this.enabled || this.stopped || this.inFlight) return;
    const generation = ++this.generation;
    const mode = this.mode;
    this.inFlight = true;
    let changed = false;
    let failed = false;
    let error: unknown;
    try {
      changed = await this.poll(mode);
    } catch (e) {
      failed = true;
      error = e;
    }
    if (generation !== this.generation) return; // disabled, disposed or switched view meanwhile
    this.inFlight = false;
    if (failed) {
      this.errors++;
      this.onError?.(error, this.errors);
      if (this.errors > MAX_CONSECUTIVE_ERRORS) {
        this.stopped = true;
        this.clearTimer();
        this.onStop?.(error);
        return;
      }
      // an error neither advances nor resets the back-off
    } else {
      this.errors = 0;
      if (changed) this.step = 0;
      else this.step = Math.min(this.step + 1, multipliersFor(mode).length - 1);
    }
    this.schedule(this.currentDelay);
  }
}
