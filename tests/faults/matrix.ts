/**
 * The fault matrix's machinery (tests/faults/fault-matrix.browser.test.ts): the eight faults, how
 * each is brought about and ended, what a cell watches (console errors, unhandled errors), and the
 * table. The scenarios — how an element is made to issue a call and what its user sees — live in
 * the test.
 */
import { configure, $session } from '../../src/session/session';
import { clearFaults, injectFault, releaseHeldRequests } from '../helpers/server';

export const FAULTS = ['500', '401', '403', '404', '429', 'malformed', 'timeout', 'offline'] as const;
export type Fault = (typeof FAULTS)[number];

/** The client's limit during a timeout cell (src/api/client.ts reads `config.request_timeout_ms`). */
const CELL_TIMEOUT_MS = 400;

export interface FaultTarget {
  /** The path to fail; a trailing `*` makes it a prefix (a path with a parameter). */
  path: string;
  method: string;
}

const realFetch = window.fetch;
const realSend = XMLHttpRequest.prototype.send;
let previousConfig: Record<string, unknown> | null = null;
let dropped = 0;
const refused: string[] = [];

/** How many fetches of `path` the browser refused while offline. */
export const refusedOffline = (path: string): number => refused.filter((p) => p === path).length;

/** Beacons sent while offline (each one lost). */
export const droppedBeacons = (): number => dropped;

/** How many calls the current server fault has answered (a fault is set for 10,000). */
export async function faultHits(): Promise<number> {
  const response = await fetch('/__demo/faults', { credentials: 'same-origin' });
  const { faults } = (await response.json()) as { faults: { remaining: number }[] };
  return faults.length ? FAULT_COUNT - faults[0]!.remaining : 0;
}
const FAULT_COUNT = 10_000;

/**
 * Offline as the browser makes it: `navigator.onLine` false, the window's `offline` event, and every
 * fetch rejecting with a TypeError (as Chromium's "Failed to fetch", Firefox's "NetworkError…" and
 * WebKit's "Load failed" do) and every XHR ending in `error`. The engines give a page no switch of
 * its own for this (Puppeteer's offline mode is Chromium-only and WebKitGTK's driver has none), so
 * the page's own network entry points are made to behave as they do offline. The test's own calls
 * to the reference server (/__demo/) stand for another machine and go through.
 */
function goOffline(): void {
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = new URL(url, location.href).pathname;
    if (path.startsWith('/__demo/')) return realFetch(input, init);
    refused.push(path);
    return Promise.reject(new TypeError('Failed to fetch'));
  };
  XMLHttpRequest.prototype.send = function send(this: XMLHttpRequest) {
    queueMicrotask(() => this.dispatchEvent(new ProgressEvent('error')));
  };
  // A beacon offline is accepted and then lost: the page never hears of it.
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: () => {
      dropped++;
      return true;
    },
  });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
}

function goOnline(): void {
  window.fetch = realFetch;
  XMLHttpRequest.prototype.send = realSend;
  delete (navigator as { onLine?: boolean }).onLine;
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  window.dispatchEvent(new Event('online'));
}

/** Whether a path is the target's (a trailing `*` makes the target a prefix). */
const isTarget = (target: FaultTarget, path: string) =>
  target.path.endsWith('*') ? path.startsWith(target.path.slice(0, -1)) : path === target.path;

/**
 * The offline cell of a call that only follows another one (a conversation's intro card after its
 * messages, the dashboard's posts after a save): online until the page makes its call to the
 * target, which finds the browser offline (and so does everything after it, until endFault()).
 */
export function offlineFromCall(target: FaultTarget): void {
  goOnline();
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!isTarget(target, new URL(url, location.href).pathname)) return realFetch(input, init);
    goOffline();
    return window.fetch(input, init);
  };
}

/**
 * For a call that follows a page event (the dashboard's posts after a save): the page-wide side of
 * the fault (offline; the client's short limit) is lifted until the returned `arm()`, so what comes
 * before the event goes as usual. The server's side is on the target alone and stays.
 */
export function deferPageFault(fault: Fault): () => void {
  if (fault === 'offline') {
    goOnline();
    return goOffline;
  }
  if (fault === 'timeout' && previousConfig) {
    const short = $session.get().config;
    configure({ config: previousConfig });
    return () => configure({ config: short });
  }
  return () => undefined;
}

/** Makes every call to the target fail with the fault until endFault(). */
export async function startFault(fault: Fault, target: FaultTarget): Promise<void> {
  if (fault === 'offline') return goOffline();
  const extras = target.method === '*' ? {} : { method: target.method };
  if (fault === 'timeout') {
    previousConfig = $session.get().config;
    configure({ config: { ...previousConfig, request_timeout_ms: CELL_TIMEOUT_MS } });
    return injectFault(target.path, 'timeout', FAULT_COUNT, { ...extras, hold_ms: 120_000 });
  }
  return injectFault(target.path, fault === 'malformed' ? 'malformed' : Number(fault), FAULT_COUNT, extras);
}

/** The server answers again (and the browser is online again). */
export async function endFault(fault: Fault): Promise<void> {
  if (fault === 'offline') return goOnline();
  await clearFaults();
  if (fault === 'timeout') {
    await releaseHeldRequests();
    if (previousConfig) configure({ config: previousConfig });
    previousConfig = null;
  }
}

/** Console errors and unhandled errors or rejections while `fn` runs. */
export async function watchErrors(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    seen.push(`console.error: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
  };
  const onError = (e: ErrorEvent) => seen.push(`uncaught: ${e.message}`);
  const onRejection = (e: PromiseRejectionEvent) =>
    seen.push(`unhandled rejection: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await fn();
    // An unhandled rejection is reported a task later.
    await new Promise((r) => setTimeout(r, 0));
  } finally {
    console.error = original;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return seen;
}

export type Row = Partial<Record<Fault, string>>;

const cellText = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The matrix as a Markdown table: one row per call, one column per fault. */
export function markdownTable(calls: { key: string; who: string }[], rows: Map<string, Row>, pending: Map<string, string>): string {
  const head = `| call | element | ${FAULTS.join(' | ')} |`;
  const rule = `|${' --- |'.repeat(FAULTS.length + 2)}`;
  const lines = calls.map(({ key, who }) => {
    const row = rows.get(key);
    const none = pending.get(key) ?? 'no outcome';
    return `| \`${key}\` | ${who} | ${FAULTS.map((f) => cellText(row?.[f] ?? none)).join(' | ')} |`;
  });
  return [head, rule, ...lines].join('\n');
}
