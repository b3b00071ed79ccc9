/**
 * POST /services/cslog: behaviour-log batches (spec: "text body, beacon preferred").
 * navigator.sendBeacon survives the page going away and sends a string as
 * text/plain; the form key travels in the body because a beacon has no headers.
 * Without sendBeacon (or when the browser refuses the beacon), the ordinary client
 * sends the same records.
 */
import { buildUrl, request } from './client';

export const CSLOG_PATH = '/services/cslog';

export function sendLogBeacon(body: string): boolean {
  const url = buildUrl(CSLOG_PATH);
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
  request(CSLOG_PATH, { method: 'POST', json: parsed }).catch((error: unknown) => console.warn('behaviour log not sent', error));
  return true;
}
