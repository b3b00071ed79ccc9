import { describe, expect, it } from 'vitest';
import { headerTime, shortTime } from './message-time';

const now = new Date(2026, 10, 21, 15, 30).getTime();

describe('short times', () => {
  it('shows the time today, the weekday this week, else the date', () => {
    expect(shortTime(new Date(2026, 10, 21, 9, 5).getTime(), now)).toBe('9:05 AM');
    expect(shortTime(new Date(2026, 10, 18, 9, 5).getTime(), now)).toBe('Wed');
    expect(shortTime(new Date(2026, 9, 1, 9, 5).getTime(), now)).toBe('Oct 1');
  });
  it('is empty for a bad timestamp', () => {
    expect(shortTime(0, now)).toBe('');
    expect(shortTime(Number.NaN, now)).toBe('');
    expect(headerTime(-1)).toBe('');
  });
  it('headers carry weekday, date and time', () => {
    expect(headerTime(new Date(2026, 10, 19, 23, 9).getTime())).toBe('Thu, Nov 19, 11:09 PM');
  });
  it('says midnight and noon as 12 AM and 12 PM', () => {
    expect(shortTime(new Date(2026, 10, 21, 0, 0).getTime(), now)).toBe('12:00 AM');
    expect(shortTime(new Date(2026, 10, 21, 12, 7).getTime(), now)).toBe('12:07 PM');
  });
  it('writes what en-US Intl writes, over a year of hours (with a plain space before AM/PM)', () => {
    const intl = (options: Intl.DateTimeFormatOptions, date: Date) =>
      new Intl.DateTimeFormat('en-US', options).format(date).replace(/\u202f/g, ' ');
    const header = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const date = new Date(2026, 0, 1, hour, hour % 60);
      expect(headerTime(date.getTime())).toBe(intl(header, date));
      expect(shortTime(date.getTime(), date.getTime())).toBe(intl({ hour: 'numeric', minute: '2-digit' }, date));
      expect(shortTime(date.getTime(), date.getTime() + 30 * 86_400_000)).toBe(intl({ month: 'short', day: 'numeric' }, date));
    }
  });
});
