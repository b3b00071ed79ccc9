/**
 * Behaviour logging, the part every page carries: `logEvent()`, `watchLog()`, and the listeners that
 * turn logged announcements and render failures into log events from the page's start.
 *
 *   import { logEvent } from './log';   logEvent('click', { source: 'app_header', target: 'explore' });
 *
 * The sink (the batcher, the records' context, the beacons: src/bus/log-sink.ts) is its own chunk,
 * fetched as soon as the session's `log` flag is on: a page with logging off (a stranger's blog
 * theme, say) never loads it. Not at the first event: that is often a click on a link, and the
 * sink's page-hide flush is what sends it; a page that navigates before the chunk arrives would
 * lose the event (it did, on a loaded machine). An event logged while the sink still loads keeps
 * the time it happened. Announcements listed in src/bus/logged-announcements.ts are logged too, with the element
 * that made them; an element that fails to render is reported to /svc/log/lady.
 *
 * Started once per page by the shared runtime (src/core/runtime.tsx).
 */
import { $session } from '../session/session';
import { Events } from '../core/events';
import { LOGGED_ANNOUNCEMENTS, logEventName } from './logged-announcements';

type Sink = typeof import('./log-sink');

/** The sink once it is in: an event then reaches the batcher in the same task it is logged. */
let sink: Sink | null = null;
const loadSink = (): Promise<Sink> =>
  import('./log-sink').then((loaded) => {
    sink = loaded;
    return loaded;
  });

const logging = () => $session.get().flags.log === true;

type LogWatcher = (entry: { event: string; data?: Record<string, unknown> }) => void;
const watchers = new Set<LogWatcher>();

/** Logs one behaviour event (queued; sent while the session's `log` flag is on). */
export function logEvent(event: string, data?: Record<string, unknown>): void {
  if (logging()) {
    const at = Date.now();
    if (sink) sink.startLogging().add(event, data, at);
    else
      loadSink().then(
        (loaded) => loaded.startLogging().add(event, data, at),
        (error: unknown) => console.warn('[tumblelog] the log sink could not load: event not logged', event, error),
      );
  }
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
    if (!logging() || reported >= MAX_ERROR_REPORTS || typeof detail?.message !== 'string') return;
    reported++;
    const record = { tag: String(detail.tag ?? ''), message: detail.message.slice(0, 2000), path: location.pathname };
    loadSink().then(
      (loaded) => loaded.reportWidgetError(record),
      (error: unknown) => console.warn('[tumblelog] the log sink could not load: render failure not reported', record, error),
    );
  });
}

/** Fetches the sink once the session turns logging on (at bootstrap, on a page that logs). */
function loadSinkWhenLogging(): void {
  const check = () => {
    if (!logging()) return;
    stop();
    loadSink().catch(() => {
      /* said again, with the event, when one is logged */
    });
  };
  const stop = $session.listen(check);
  check();
}

const state = ((globalThis as { __tumblelogLog?: { listening?: 1 } }).__tumblelogLog ??= {});
if (!state.listening && typeof document !== 'undefined') {
  state.listening = 1;
  logAnnouncements();
  reportWidgetErrors();
  loadSinkWhenLogging();
}
