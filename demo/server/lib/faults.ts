/**
 * Fault injection (demo server only). POST /__demo/faults registers a fault; the next `count`
 * requests whose pathname equals `path` (a trailing `*` makes it a prefix) fail that way:
 *   - a status (400–599): that status with the error envelope (optional `code`, `title`, `detail`)
 *   - "malformed": 200 with the truncated JSON body `{"meta":`
 *   - "timeout": nothing for `hold_ms` (default 30 s), then 504; POST /__demo/faults/release ends every
 *     hold at once (the 504 then), for tests that wait on a state rather than on time
 *   - "slow": nothing for `hold_ms` (default 30 s), then the real answer; released the same way. For
 *     tests of what shows while a call is on its way: a local server answers before the browser
 *     has painted it, so a test could otherwise not count on seeing it
 * Optional `method` restricts the fault to one HTTP method.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './envelope';

export type FaultKind = number | 'malformed' | 'timeout' | 'slow';

export interface Fault {
  id: number;
  path: string;
  prefix: boolean;
  method: string | null;
  status: FaultKind;
  remaining: number;
  code: number | null;
  title: string | null;
  detail: string | null;
  holdMs: number;
}

export interface FaultSpec {
  path?: unknown;
  status?: unknown;
  count?: unknown;
  method?: unknown;
  code?: unknown;
  title?: unknown;
  detail?: unknown;
  hold_ms?: unknown;
}

export const DEFAULT_HOLD_MS = 30_000;

export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;
  private holds = new Set<() => void>();

  /** Validates and registers a fault; returns it, or an error message. */
  add(spec: FaultSpec): Fault | string {
    const rawPath = spec.path;
    if (typeof rawPath !== 'string' || !rawPath.startsWith('/')) return '"path" must be a string starting with "/".';
    const status = spec.status;
    const validStatus =
      status === 'malformed' ||
      status === 'timeout' ||
      status === 'slow' ||
      (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599);
    if (!validStatus) return '"status" must be an HTTP status 400–599, "malformed", "timeout" or "slow".';
    const count = spec.count === undefined ? 1 : Number(spec.count);
    if (!Number.isInteger(count) || count < 1 || count > 100_000) return '"count" must be a positive integer.';
    const prefix = rawPath.endsWith('*');
    const holdMs = spec.hold_ms === undefined ? DEFAULT_HOLD_MS : Number(spec.hold_ms);
    if (!Number.isFinite(holdMs) || holdMs < 0 || holdMs > 600_000) return '"hold_ms" must be 0–600000.';
    const fault: Fault = {
      id: this.nextId++,
      path: prefix ? rawPath.slice(0, -1) : rawPath,
      prefix,
      method: typeof spec.method === 'string' && spec.method ? spec.method.toUpperCase() : null,
      status: status as FaultKind,
      remaining: count,
      code: typeof spec.code === 'number' ? spec.code : null,
      title: typeof spec.title === 'string' ? spec.title : null,
      detail: typeof spec.detail === 'string' ? spec.detail : null,
      holdMs,
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /** Finds, consumes and returns the first fault matching the request, if any. */
  take(method: string, pathname: string): Fault | null {
    const index = this.faults.findIndex(
      (f) => (f.method === null || f.method === method) && (f.prefix ? pathname.startsWith(f.path) : pathname === f.path),
    );
    if (index < 0) return null;
    const fault = this.faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(index, 1);
    return { ...fault };
  }

  /** Waits `ms` or until the request is aborted or the store is closed. */
  hold(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.holds.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.holds.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Releases every held request now, so each answers (a timeout its 504, a slow one for real): close(), and tests that end a hold on cue. Returns how many. */
  releaseAll(): number {
    const held = [...this.holds];
    for (const done of held) done();
    return held.length;
  }
}

export function faultMiddleware(store: FaultStore): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/__demo/')) return next();
    const fault = store.take(c.req.method, path);
    if (!fault) return next();
    c.header('X-Demo-Fault', String(fault.status));
    c.header('Cache-Control', 'no-store');
    if (fault.status === 'malformed') {
      return c.body('{"meta":', 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    }
    if (fault.status === 'slow') {
      await store.hold(fault.holdMs, c.req.raw.signal);
      return next();
    }
    if (fault.status === 'timeout') {
      await store.hold(fault.holdMs, c.req.raw.signal);
      return c.json(errorBody(504, { code: fault.code ?? 1504, title: 'Gateway Timeout', detail: 'Injected timeout.' }), 504);
    }
    const status = fault.status;
    return c.json(
      errorBody(status, {
        code: fault.code ?? status,
        title: fault.title ?? 'Injected fault',
        detail: fault.detail ?? `Injected ${status} for ${fault.prefix ? `${fault.path}*` : fault.path}.`,
      }),
      status as 400,
    );
  };
}
