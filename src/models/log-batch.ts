/**
 * Behaviour logging, no DOM: the record shape (spec: log_key, uuid, event, ts,
 * rid, elapsed, data, env), the batch, the beacon body, and the flush timing
 * (every 15 s and on page hide, only while the `log` flag is on). The DOM side
 * (logEvent(), page-hide listeners, navigator.sendBeacon) is src/bus/log.ts.
 */

export const LOG_FLUSH_MS = 15_000; // spec: flush every 15 s
export const LOG_MAX_PER_BEACON = 50; // ours: keeps one beacon well under the 64 KiB sendBeacon limit
export const LOG_MAX_QUEUED = 500; // ours: a page with logging but no network does not grow without bound

export interface LogRecord {
  log_key: string;
  /** The acting blog's uuid ('' when logged out). */
  uuid: string;
  event: string;
  /** Wall-clock time of the event (ms since the epoch). */
  ts: number;
  /** One random id per page view: groups the records of one visit. */
  rid: string;
  /** ms since the page view started. */
  elapsed: number;
  data: Record<string, unknown>;
  env: Record<string, unknown>;
}

export interface LogContext {
  log_key: string;
  uuid: string;
  rid: string;
  env: Record<string, unknown>;
}

export function makeRecord(
  event: string,
  data: Record<string, unknown> | undefined,
  ctx: LogContext,
  now: number,
  startedAt: number,
): LogRecord {
  return {
    log_key: ctx.log_key,
    uuid: ctx.uuid,
    event,
    ts: now,
    rid: ctx.rid,
    elapsed: Math.max(0, Math.round(now - startedAt)),
    data: data ?? {},
    env: ctx.env,
  };
}

/**
 * The POST /services/cslog body: JSON sent as text/plain (what sendBeacon sends
 * for a string), with the form key inside since a beacon cannot set headers.
 */
export function beaconBody(records: readonly LogRecord[], formKey: string): string {
  return JSON.stringify({ form_key: formKey, logs: records });
}

/** Splits a queue into beacon-sized batches. */
export function batches<T>(queue: readonly T[], size = LOG_MAX_PER_BEACON): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < queue.length; i += size) out.push(queue.slice(i, i + size));
  return out;
}

export interface LogBatcherOptions {
  /** Is the `log` flag on? Asked on every add and every flush. */
  enabled: () => boolean;
  /** Sends one body; returns false when the browser refused it (the batch is kept for the next flush). */
  send: (body: string) => boolean;
  context: () => LogContext;
  formKey: () => string;
  now?: () => number;
  startedAt?: number;
  intervalMs?: number;
}

/**
 * Queues records while the flag is on; the first record starts a 15 s timer that
 * flushes everything queued; flush() (page hide) sends at once. With the flag off
 * nothing is queued and a pending queue is dropped at the next flush.
 */
export class LogBatcher {
  private queue: LogRecord[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly intervalMs: number;

  constructor(private readonly options: LogBatcherOptions) {
    this.now = options.now ?? (() => Date.now());
    this.startedAt = options.startedAt ?? this.now();
    this.intervalMs = options.intervalMs ?? LOG_FLUSH_MS;
  }

  get pending(): readonly LogRecord[] {
    return this.queue;
  }

  /** `at`: when the event happened, if it was handed over later (the sink loads on the first event). */
  add(event: string, data?: Record<string, unknown>, at: number = this.now()): LogRecord | null {
    if (!this.options.enabled() || typeof event !== 'string' || event === '') return null;
    const record = makeRecord(event, data, this.options.context(), at, this.startedAt);
    this.queue.push(record);
    if (this.queue.length > LOG_MAX_QUEUED) this.queue.splice(0, this.queue.length - LOG_MAX_QUEUED);
    if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), this.intervalMs);
    return record;
  }

  /** Sends everything queued now. Returns how many records went out. */
  flush(): number {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return 0;
    if (!this.options.enabled()) {
      this.queue = [];
      return 0;
    }
    const formKey = this.options.formKey();
    let sent = 0;
    for (const batch of batches(this.queue)) {
      if (!this.options.send(beaconBody(batch, formKey))) break;
      sent += batch.length;
    }
    this.queue = this.queue.slice(sent);
    if (this.queue.length > 0) this.timer = setTimeout(() => this.flush(), this.intervalMs);
    return sent;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }
}
