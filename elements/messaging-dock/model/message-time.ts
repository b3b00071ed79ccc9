/** Short times for inbox rows and message headers (locale-aware, no DOM). */

const DAY = 86_400_000;

/** Today: the time; this week: the weekday; else the date. '' for a bad timestamp. */
export function shortTime(ts: number, now: number, locale?: string): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  const date = new Date(ts);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString())
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
  if (now - ts < 6 * DAY && ts < now) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(date);
}

/** The timestamp header above a message: weekday, date and time. */
export function headerTime(ts: number, locale?: string): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(ts),
  );
}
