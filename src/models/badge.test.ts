import { describe, expect, it } from 'vitest';
import { BADGE_CAP, badgeLabel, badgeText, unreadTotal } from './badge';

describe('unread badge', () => {
  it('sums the unread counts of every blog, ignoring bad values', () => {
    expect(unreadTotal([{ unread_count: 3 }, { unread_count: 4 }, {}])).toBe(7);
    expect(unreadTotal([{ unread_count: -2 }, { unread_count: Number.NaN }, { unread_count: 2.7 }])).toBe(2);
    expect(unreadTotal([])).toBe(0);
  });
  it('is hidden at 0, shows the count up to 99 and 99+ above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(BADGE_CAP)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
  it('names the button with the count', () => {
    expect(badgeLabel('Inbox', 0)).toBe('Inbox');
    expect(badgeLabel('Inbox', 5)).toBe('Inbox, 5 unread');
    expect(badgeLabel('Inbox', 100)).toBe('Inbox, more than 99 unread');
  });
});
