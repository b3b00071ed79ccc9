/** Short times for inbox rows and message headers (locale-aware, no DOM). */
import { dateFormat } from '../../../src/models/intl';

const DAY = 86_400_000;

const TODAY = { hour: 'numeric', minute: '2-digit' } as const;
const THIS_WEEK = { weekday: 'short' } as const;
const EARLIER = { month: 'short', day: 'numeric' } as const;
const HEADER = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;

/** Today: the time; this week: the weekday; else the date. '' for a bad timestamp. */
export function shortTime(ts: number, now: number, locale?: string): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  const date = new Date(ts);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return dateFormat(locale, TODAY).format(date);
  if (now - ts < 6 * DAY && ts < now) return dateFormat(locale, THIS_WEEK).format(date);
  return dateFormat(locale, EARLIER).format(date);
}

/** The timestamp header above a message: weekday, date and time. */
export function headerTime(ts: number, locale?: string): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  return dateFormat(locale, HEADER).format(new Date(ts));
}

/**
 * Makes the formatters ahead of the first inbox or window: the first ones a page makes cost tens of
 * milliseconds (locale data), which the click that opens the inbox used to pay. Called in idle time.
 */
export function prepareTimeFormats(locale?: string): void {
  for (const options of [TODAY, THIS_WEEK, EARLIER, HEADER]) dateFormat(locale, options);
}
