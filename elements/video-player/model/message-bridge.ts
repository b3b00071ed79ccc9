/**
 * The cross-window message bridge (messaging spec "Other": "JSON messages with method, args and
 * callback id"): how an embedded player in an <iframe> and the page around it talk. Pure: no DOM,
 * no React; the window glue is state/window-bridge.ts, the two sides state/frame-host.ts (the page)
 * and frame-bridge.ts (the player in the frame).
 *
 * A call is the JSON text `{"method": "size", "args": [640, 360], "callback_id": "c1"}`; the other
 * side answers `{"callback_id": "c1", "result": …}` or `{"callback_id": "c1", "error": "…"}`. A call
 * without a callback id gets no answer (a notice). Each side lists the methods it answers and the
 * shape of their arguments; what claims to be a call or an answer in any other shape is dropped.
 */

export const BRIDGE = {
  /** Longer texts are not ours (the longest call is well under 200 characters). */
  maxChars: 2048,
  /** A call with no answer by then fails (the other side has no bridge, or went away). */
  replyTimeoutMs: 4000,
  /**
   * The frame asks to connect this often, waiting this long each time: the page's side may start
   * after the frame's player (the page loads the player's code when it meets its first
   * <video-player>, a frame may be quicker), and a message sent before it listens is lost.
   */
  connectTries: 12,
  connectTimeoutMs: 1000,
  /** The longest side of a size the page accepts. */
  maxSidePx: 10000,
} as const;

const CALLBACK_ID = /^[\w-]{1,40}$/;

/** What each side answers: a method name → whether its arguments have the right shape. */
export type MethodShapes = Readonly<Record<string, (args: readonly unknown[]) => boolean>>;

const side = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= BRIDGE.maxSidePx;
const optionalPost = (value: unknown) =>
  value === undefined ||
  (typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((field) => typeof field === 'string' && field.length <= 200));

/** What the page answers, called by the player in a frame. */
export const PAGE_METHODS = {
  /** `[post?]` → `{ dock }`: the page has a bridge, and whether it can dock the frame. */
  connect: (args) => args.length <= 1 && optionalPost(args[0]),
  /** `[width, height]`: the video's own size; the page gives the frame its shape. */
  size: (args) => args.length === 2 && side(args[0]) && side(args[1]),
  /** `[]` → `{ docked }`: dock this frame into the page's gutter. */
  dock: (args) => args.length === 0,
  /** `['return' | 'close']`: leave the gutter (its bar's Return, Close or Escape). */
  undock: (args) => args.length === 1 && (args[0] === 'return' || args[0] === 'close'),
} satisfies MethodShapes;

/** What the player in a frame answers, called by the page. */
export const FRAME_METHODS = {
  /** `[]` → `{ paused, currentTime }`. */
  play: (args) => args.length === 0,
  /** `[]` → `{ paused, currentTime }`. */
  pause: (args) => args.length === 0,
  /** `[docked]`: the page docked the frame, or took it out of the gutter. */
  docked: (args) => args.length === 1 && typeof args[0] === 'boolean',
} satisfies MethodShapes;

export type BridgeMessage =
  | { kind: 'call'; method: string; args: unknown[]; callbackId: string | null }
  | { kind: 'reply'; callbackId: string; result: unknown; error: string | null };

export type Reading = BridgeMessage | { kind: 'foreign' } | { kind: 'invalid'; reason: string };

const invalid = (reason: string): Reading => ({ kind: 'invalid', reason });

/**
 * Reads a posted message against the methods this side answers. Ours is a JSON object text with a
 * `method` or a `callback_id`; any other message is someone else's (`foreign`: left alone, since
 * other scripts use the same channel, some with JSON texts of their own — axe-core, video sites'
 * iframe APIs). Ours in the wrong shape is `invalid`.
 */
export function readMessage(data: unknown, shapes: MethodShapes): Reading {
  if (typeof data !== 'string' || data.length > BRIDGE.maxChars) return { kind: 'foreign' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { kind: 'foreign' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'foreign' };
  const fields = value as Record<string, unknown>;
  if (!('method' in fields) && !('callback_id' in fields)) return { kind: 'foreign' };
  const id = fields.callback_id;
  if (id !== undefined && (typeof id !== 'string' || !CALLBACK_ID.test(id))) return invalid('a malformed callback_id');
  if ('method' in fields) {
    const method = fields.method;
    if (typeof method !== 'string' || !Object.hasOwn(shapes, method)) return invalid(`an unknown method ${JSON.stringify(method)}`);
    const args = fields.args ?? [];
    if (!Array.isArray(args) || !shapes[method]!(args)) return invalid(`the wrong arguments for ${method}`);
    return { kind: 'call', method, args, callbackId: typeof id === 'string' ? id : null };
  }
  if (typeof id === 'string' && ('result' in fields || 'error' in fields)) {
    if (fields.error !== undefined && typeof fields.error !== 'string') return invalid('a malformed error');
    return { kind: 'reply', callbackId: id, result: fields.result, error: typeof fields.error === 'string' ? fields.error : null };
  }
  return invalid('an answer with neither a result nor an error');
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface Endpoint {
  /** Calls a method of the other side; resolves with its result, rejects on its error or silence. */
  call(method: string, args?: unknown[], timeoutMs?: number): Promise<unknown>;
  /** Tells the other side something; no answer comes. */
  notify(method: string, args?: unknown[]): void;
  /** Hands a message read for this endpoint to it. False: an answer to nothing this side asked (a late answer is something). */
  receive(message: BridgeMessage): boolean;
  /** Fails every call still waiting. */
  close(): void;
}

/**
 * One side of one bridge. `handlers` answer the calls this side accepts (what they return, or
 * resolve to, is the result; what they throw, the error); `send` posts a text to the other side.
 */
export function createEndpoint(options: {
  send(text: string): void;
  handlers: Readonly<Record<string, (...args: unknown[]) => unknown>>;
  timers?: Timers;
  newId?: () => string;
}): Endpoint {
  const timers: Timers = options.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  let counter = 0;
  const newId = options.newId ?? (() => `c${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`);
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void; timer: unknown }>();
  /** Calls that ran out of time: a late answer to one is no stranger's (kept small). */
  const expired: string[] = [];

  const settle = (id: string) => {
    const waiting = pending.get(id);
    if (waiting) {
      timers.clearTimeout(waiting.timer);
      pending.delete(id);
    }
    return waiting;
  };

  return {
    call(method, args = [], timeoutMs = BRIDGE.replyTimeoutMs) {
      const id = newId();
      return new Promise((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          expired.push(id);
          if (expired.length > 20) expired.shift();
          settle(id)?.reject(new Error(`No answer to ${method} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        options.send(JSON.stringify({ method, args, callback_id: id }));
      });
    },
    notify(method, args = []) {
      options.send(JSON.stringify({ method, args }));
    },
    receive(message) {
      if (message.kind === 'reply') {
        const waiting = settle(message.callbackId);
        if (!waiting) return expired.includes(message.callbackId);
        if (message.error !== null) waiting.reject(new Error(message.error));
        else waiting.resolve(message.result);
        return true;
      }
      const { callbackId } = message;
      const answer = (fields: { result?: unknown; error?: string }) => {
        if (callbackId !== null) options.send(JSON.stringify({ callback_id: callbackId, ...fields }));
      };
      // A handler may answer at once or later (a play() that waits for the media).
      Promise.resolve()
        .then(() => options.handlers[message.method]!(...message.args))
        .then(
          (result) => answer({ result: result ?? null }),
          (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
        );
      return true;
    },
    close() {
      for (const id of [...pending.keys()]) settle(id)?.reject(new Error('The bridge closed'));
    },
  };
}

/** The origin of an address (relative to `base`), or null for one that has none. */
export function originOf(address: string, base: string): string | null {
  try {
    const origin = new URL(address, base).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Height of a docked frame: the video's shape at the gutter's width, plus the dock bar inside it. */
export function dockedFrameHeight(width: number, video: { width: number; height: number } | null, barPx: number): number {
  const ratio = video ? video.height / video.width : 9 / 16;
  return Math.round(width * ratio) + barPx;
}
