import { describe, expect, it } from 'vitest';
import { adjustCount, applyFollow } from './follow';

describe('applyFollow', () => {
  it('following sets can_subscribe', () => {
    expect(applyFollow({ following: false, can_subscribe: false, is_subscribed: false }, true)).toEqual({
      following: true,
      can_subscribe: true,
      is_subscribed: false,
    });
  });
  it('unfollowing clears can_subscribe and is_subscribed', () => {
    expect(applyFollow({ following: true, can_subscribe: true, is_subscribed: true }, false)).toEqual({
      following: false,
      can_subscribe: false,
      is_subscribed: false,
    });
  });
});

describe('adjustCount', () => {
  it('moves with events and never goes below 0', () => {
    expect(adjustCount(3, 1)).toBe(4);
    expect(adjustCount(1, -1)).toBe(0);
    expect(adjustCount(0, -1)).toBe(0);
    expect(adjustCount(Number.NaN, 1)).toBe(1);
  });
});
