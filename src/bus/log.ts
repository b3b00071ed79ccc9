/**
 * The logging sink: every `logEvent()` call becomes a record (log_key, uuid, event, ts, rid,
 * elapsed, data, env) queued by the batcher of src/models/log-batch.ts,
 * flushed every 15 s and when the page is hidden, with navigator.sendBeacon to
 * /services/cslog — only while the session's `log` flag is on.
 *
 *   import { logEvent } from './log';   logEvent('click', { source: 'app_header', target: 'explore' });
 *
 * Announcements listed in src/bus/logged-announcements.ts are logged too, with the element that made
 * them; an element that fails to render is reported to /svc/log/lady.
 *
 * Started once per page by the shared runtime (src/core/runtime.tsx).
 */
import { $session } from '../session/session';
import { LogBatcher, type LogContext } from '../models/log-batch';
import { randomId } from '../models/random-id';
import { reportWidgetError, sendLogBeacon } from '../api/log';
import { Events } from '../core/events';
import { LOGGED_ANNOUNCEMENTS, logEventName } from './logged-announcements';

let batcher: LogBatcher | null = null;

const rid = randomId();

function context(): LogContext {
  const s = $session.get();
  const current = s.channels.find((c) => c.name === s.currentChannel);
  const logKey = typeof s.config.log_key === 'string' && s.config.log_key ? s.config.log_key : 'tumblelog-elements';
  return {
    log_key: logKey,
    uuid: current?.uuid ?? '',
    rid,
    env: {
      path: typeof location !== 'undefined' ? location.pathname : '',
      viewport: typeof window !== 'undefined' ? `${window.innerWidth}x${window.innerHeight}` : '',
      mobile: s.flags.is_mobile_handset === true,
      logged_in: s.user !== null,
      language: s.user?.language ?? '',
    },
  };
}

/** Starts the sink (idempotent) and returns it. */
export function startLogging(): LogBatcher {
  if (batcher) return batcher;
  const started = typeof performance !== 'undefined' ? Date.now() - performance.now() : Date.now();
  const instance = new LogBatcher({
    enabled: () => $session.get().flags.log === true,
    send: sendLogBeacon,
    context,
    formKey: () => $session.get().formKey,
    startedAt: started,
  });
  batcher = instance;
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') instance.flush();
    });
    window.addEventListener('pagehide', () => instance.flush());
    logAnnouncements();
    reportWidgetErrors();
  }
  return instance;
}

/**
 * The announcements of LOGGED_ANNOUNCEMENTS, logged as they reach `document` (they bubble and are
 * composed), with the announcing element's tag as `surface` (`page` for page-level facts).
 */
function logAnnouncements(): void {
  for (const [name, dataOf] of Object.entries(LOGGED_ANNOUNCEMENTS) as [string, (detail: unknown) => Record<string, unknown>][]) {
    document.addEventListener(name, (event) => {
      const host = event.composedPath()[0];
      let data: Record<string, unknown>;
      try {
        data = dataOf((event as CustomEvent).detail);
      } catch {
        return; // a page dispatching the name itself with another detail: not ours to log
      }
      logEvent(logEventName(name), { ...data, surface: host instanceof Element ? host.localName : 'page' });
    });
  }
}

/** At most this many render failures are reported per page: one broken element re-rendering must not flood the server. */
const MAX_ERROR_REPORTS = 5;

/** Elements that failed to render (`tl-widget-error`) go to /svc/log/lady, while the `log` flag is on. */
function reportWidgetErrors(): void {
  let reported = 0;
  document.addEventListener(Events.widgetError, (event) => {
    const detail = (event as CustomEvent<{ tag?: unknown; message?: unknown }>).detail;
    if ($session.get().flags.log !== true || reported >= MAX_ERROR_REPORTS || typeof detail?.message !== 'string') return;
    reported++;
    reportWidgetError({ tag: String(detail.tag ?? ''), message: detail.message.slice(0, 2000), path: location.pathname });
  });
}

type LogWatcher = (entry: { event: string; data?: Record<string, unknown> }) => void;
const watchers = new Set<LogWatcher>();

/** Logs one behaviour event (queued; sent while the session's `log` flag is on). */
export function logEvent(event: string, data?: Record<string, unknown>): void {
  startLogging().add(event, data);
  const entry = data ? { event, data } : { event };
  for (const watcher of watchers) watcher(entry);
  // The 0.1 name, kept as an alias for page code that listens to it (README, "Names and versions").
  if (typeof document !== 'undefined') document.dispatchEvent(new CustomEvent('tl:log', { detail: entry }));
}

/** Hears every logged event (tests, a page's own analytics bridge). Returns the function that stops. */
export function watchLog(watcher: LogWatcher): () => void {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

startLogging();
