/**
 * The reference server (demo/server) runs inside the web-test-runner dev server
 * (scripts/lib/demo-middleware.mjs): same origin, so `/svc/...` calls from the
 * elements' API client (apiBase '') reach it and carry the session cookie.
 * One database per engine run; tests run one file at a time, so resetServer()
 * in a beforeEach gives every test the seed data.
 */
import { configure } from '../../src/session/session';
import type { SessionInput } from '../../src/session/types';

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POST /__demo/reset: re-seeds the database and clears injected faults. `seed: 'xss'` lays
 * DOMPurify's vectors over the seed (demo/server/db/xss-seed.ts); the next reset without it goes back.
 */
export async function resetServer(
  options: { seed?: 'default' | 'xss' } = {},
): Promise<{ users: number; blogs: number; posts: number; follows: number }> {
  const result = (await call('POST', '/__demo/reset', options.seed ? { seed: options.seed } : undefined)) as {
    ok?: boolean;
    seeded?: { users: number; blogs: number; posts: number; follows: number };
  };
  if (!result?.ok || !result.seeded) throw new Error(`/__demo/reset did not answer ok: ${JSON.stringify(result)}`);
  return result.seeded;
}

export type FaultStatus = number | 'malformed' | 'timeout' | 'slow';
export interface FaultExtras {
  /** Only this HTTP method. */
  method?: string;
  /** Error code in the envelope (e.g. 7001). */
  code?: number;
  title?: string;
  detail?: string;
  /** For "timeout" and "slow": how long the server holds the request (then a 504, or the real answer). */
  hold_ms?: number;
}

/**
 * Makes the next `count` calls to `path` (a trailing `*` makes it a prefix) fail with `status`
 * (an HTTP status 400–599, "malformed" JSON, or "timeout"), or answer late ("slow": held, then the
 * real answer; releaseHeldRequests() ends the hold).
 */
export async function injectFault(path: string, status: FaultStatus, count = 1, extras: FaultExtras = {}): Promise<void> {
  await call('POST', '/__demo/faults', { path, status, count, ...extras });
}

/** Ends every request a "timeout" fault is holding: each answers its 504 now. Returns how many. */
export async function releaseHeldRequests(): Promise<number> {
  return ((await call('POST', '/__demo/faults/release')) as { released: number }).released;
}

/** Removes every injected fault that has not fired yet. */
export async function clearFaults(): Promise<void> {
  await call('DELETE', '/__demo/faults');
}

/** Rows of a database table (GET /__demo/state), filtered by column = value. */
export async function dbRows<T = Record<string, unknown>>(table: string, where: Record<string, string | number> = {}): Promise<T[]> {
  const query = new URLSearchParams({ table, ...Object.fromEntries(Object.entries(where).map(([k, v]) => [k, String(v)])) });
  const result = (await call('GET', `/__demo/state?${query}`)) as { rows: T[] };
  return result.rows;
}

/** Reads a server-rendered page and returns its bootstrap JSON and form key. */
async function readPage(path: string): Promise<{ bootstrap: Record<string, unknown> | null; formKey: string; url: string }> {
  const response = await fetch(path, { credentials: 'same-origin' });
  const html = await response.text();
  if (!response.ok) throw new Error(`GET ${path} → ${response.status}: ${html.slice(0, 300)}`);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const script = doc.getElementById('tumblelog-bootstrap');
  let bootstrap: Record<string, unknown> | null = null;
  if (script?.textContent) bootstrap = JSON.parse(script.textContent) as Record<string, unknown>;
  const formKey = doc.querySelector<HTMLMetaElement>('meta[name="tumblr-form-key"]')?.content ?? '';
  return { bootstrap, formKey, url: response.url };
}

/**
 * The form key of the current cookie session, independent of the test page: asks the server
 * (GET /__demo/session), falling back to the dashboard's `<meta name="tumblr-form-key">`.
 */
export async function formKeyFromServer(): Promise<string> {
  const response = await fetch('/__demo/session', { credentials: 'same-origin' });
  if (response.ok) {
    const body = (await response.json()) as { formKey?: unknown };
    if (typeof body.formKey === 'string' && body.formKey) return body.formKey;
  }
  const { formKey } = await readPage('/dashboard');
  if (!formKey) throw new Error('No form key: neither /__demo/session nor /dashboard gave one');
  return formKey;
}

export type DemoUser = 'alice' | 'bob' | 'carol' | 'anonymous' | (string & {});

export interface TestSession {
  user: string;
  formKey: string;
  bootstrap: Record<string, unknown>;
}

/**
 * Switches the server session (cookie, via `/dashboard?as=<user>`) and sets up the package's
 * session with configure(): the same user, channels, flags and form key the server's own
 * dashboard bootstrap has for that user (apiBase '' = this origin).
 */
export async function setupSession(user: DemoUser): Promise<TestSession> {
  const { bootstrap, formKey } = await readPage(`/dashboard?as=${encodeURIComponent(user)}`);
  if (!bootstrap) throw new Error(`/dashboard?as=${user} has no #tumblelog-bootstrap`);
  if (!formKey) throw new Error(`/dashboard?as=${user} has no <meta name="tumblr-form-key">`);
  const loggedIn = bootstrap.user !== null && bootstrap.user !== undefined;
  if (user !== 'anonymous' && (!loggedIn || (bootstrap.user as { name?: unknown }).name !== user)) {
    throw new Error(`/dashboard?as=${user} bootstrapped ${JSON.stringify(bootstrap.user)} instead`);
  }
  // Everything the page would give, replacing whatever an earlier test configured.
  configure({
    user: null,
    channels: [],
    flags: {},
    config: {},
    ...(bootstrap as SessionInput),
    apiBase: '',
    formKey,
  });
  return { user, formKey, bootstrap };
}
