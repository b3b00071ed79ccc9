import { describe, expect, it } from 'vitest';
import { formatCount } from './count-text';

describe('count text', () => {
  it('groups digits by three with commas, as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 1_000_000_000, -1234, -12]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
  it('rounds a fraction and writes a bad value as 0', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});
