import { describe, expect, it } from 'vitest';
import { moveActive, typeAhead } from '../../../src/models/listbox';

describe('listbox movement', () => {
  it('moves and stops at the ends', () => {
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(2);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(0);
    expect(moveActive(1, 'Home', 3)).toBe(0);
    expect(moveActive(0, 'End', 3)).toBe(2);
    expect(moveActive(0, 'End', 0)).toBe(-1);
  });
});

describe('type-ahead', () => {
  const labels = ['alice', 'alice-sketches', 'bob', 'Beta'];
  it('finds the next label with the typed prefix, wrapping', () => {
    expect(typeAhead(labels, 0, 'b')).toBe(2);
    expect(typeAhead(labels, 2, 'b')).toBe(3);
    expect(typeAhead(labels, 3, 'b')).toBe(2);
    expect(typeAhead(labels, 0, 'alice-')).toBe(1);
    expect(typeAhead(labels, 1, 'bb')).toBe(2);
    expect(typeAhead(labels, 1, 'z')).toBe(1);
  });
});
