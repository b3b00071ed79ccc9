/**
 * The logging calls, each a beacon (navigator.sendBeacon survives the page going away and sends a
 * string as text/plain; the form key travels in the body because a beacon has no headers). Without
 * sendBeacon, or when the browser refuses it, the ordinary client sends the same JSON.
 *
 *   POST /services/cslog   behaviour-log batches (spec: "text body, beacon preferred")
 *   POST /svc/log/lady     an element that failed to render (the spec shows no payload: ours)
 *   POST /svc/track        ad and video tracker events (the spec's "separate tracking endpoint"; path ours)
 */
import { $session } from '../session/session';
import { buildUrl, request } from './client';

export const CSLOG_PATH = '/services/cslog';
export const LADY_PATH = '/svc/log/lady';
export const TRACK_PATH = '/svc/track';

function beacon(path: string, body: string): boolean {
  const url = buildUrl(path);
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, body)) return true;
    } catch {
      /* e.g. a CSP that blocks the beacon: fall back to the client */
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  request(path, { method: 'POST', json: parsed }).catch((error: unknown) => console.warn(`${path} not sent`, error));
  return true;
}

/** One behaviour-log batch, already serialised with its form key (src/models/log-batch.ts). */
export const sendLogBeacon = (body: string): boolean => beacon(CSLOG_PATH, body);

const withKey = (record: Record<string, unknown>) => JSON.stringify({ form_key: $session.get().formKey, ...record });

/** Reports an element that failed to render. */
export const reportWidgetError = (record: { tag: string; message: string; path: string }): boolean =>
  beacon(LADY_PATH, withKey({ kind: 'widget-error', ...record }));

/** One ad or video tracker event. */
export const sendTrackerEvent = (kind: 'ad' | 'video', event: string, data: Record<string, unknown>): boolean =>
  beacon(TRACK_PATH, withKey({ kind, event, data }));
