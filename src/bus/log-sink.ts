/**
 * The logging sink, its own chunk (src/bus/log.ts loads it on the first event logged while the
 * session's `log` flag is on): every event becomes a record (log_key, uuid, event, ts, rid, elapsed,
 * data, env) queued by the batcher of src/models/log-batch.ts, flushed every 15 s and when the page
 * is hidden, with navigator.sendBeacon to /services/cslog — only while the `log` flag is on.
 */
import { $session } from '../session/session';
import { LogBatcher, type LogContext } from '../models/log-batch';
import { randomId } from '../models/random-id';
import { reportWidgetError, sendLogBeacon } from '../api/log';

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
  }
  return instance;
}

export { reportWidgetError };
