import { describe, expect, it } from 'vitest';
import { headerTime, shortTime } from './message-time';

const now = new Date(2026, 10, 21, 15, 30).getTime();

describe('short times', () => {
  it('shows the time today, the weekday this week, else the date', () => {
    expect(shortTime(new Date(2026, 10, 21, 9, 5).getTime(), now, 'en-US')).toBe('9:05 AM');
    expect(shortTime(new Date(2026, 10, 18, 9, 5).getTime(), now, 'en-US')).toBe('Wed');
    expect(shortTime(new Date(2026, 9, 1, 9, 5).getTime(), now, 'en-US')).toBe('Oct 1');
  });
  it('is empty for a bad timestamp', () => {
    expect(shortTime(0, now)).toBe('');
    expect(shortTime(Number.NaN, now)).toBe('');
    expect(headerTime(-1)).toBe('');
  });
  it('headers carry weekday, date and time', () => {
    expect(headerTime(new Date(2026, 10, 19, 23, 9).getTime(), 'en-US')).toBe('Thu, Nov 19, 11:09 PM');
  });
});
