/**
 * Short times for inbox rows and message headers, in English like every other string of the dock,
 * in the browser's time zone (no DOM).
 *
 * Written out by hand rather than with `Intl.DateTimeFormat`: a page's first `Intl` object loads
 * ICU's locale and time-zone data, one task of 90–300 ms under 4× CPU throttling that cannot be
 * split (#25). It was the longest task of a logged-in dashboard's first visit even made in idle
 * time, and the inbox click paid it before that. `Date`'s own local getters cost nothing.
 */

const DAY = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '9:05 AM', '12:30 PM' (en-US's numeric hour, two-digit minute). */
function clock(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 19' */
function monthDay(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** Today: the time; this week: the weekday; else the date. '' for a bad timestamp. */
export function shortTime(ts: number, now: number): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  const date = new Date(ts);
  if (date.toDateString() === new Date(now).toDateString()) return clock(date);
  if (now - ts < 6 * DAY && ts < now) return WEEKDAYS[date.getDay()]!;
  return monthDay(date);
}

/** The timestamp header above a message: weekday, date and time ('Thu, Nov 19, 11:09 PM'). */
export function headerTime(ts: number): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  const date = new Date(ts);
  return `${WEEKDAYS[date.getDay()]}, ${monthDay(date)}, ${clock(date)}`;
}
