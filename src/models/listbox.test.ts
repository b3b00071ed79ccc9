import { describe, expect, it } from 'vitest';
import { isTypeAheadKey, moveActive, typeAhead, typeAheadBuffer } from './listbox';

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

describe('menu movement and the type-ahead buffer', () => {
  it('a menu wraps at both ends; a listbox does not', () => {
    expect(moveActive(2, 'ArrowDown', 3, { wrap: true })).toBe(0);
    expect(moveActive(0, 'ArrowUp', 3, { wrap: true })).toBe(2);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(2);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(0);
  });

  it('keys within 500 ms make one prefix; a longer pause starts again', () => {
    let buffer = { text: '', at: 0 };
    buffer = typeAheadBuffer(buffer, 'b', 1000);
    buffer = typeAheadBuffer(buffer, 'l', 1200);
    expect(buffer.text).toBe('bl');
    buffer = typeAheadBuffer(buffer, 'd', 1800);
    expect(buffer).toEqual({ text: 'd', at: 1800 });
  });

  it('only printable characters without a modifier are type-ahead', () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mods,
    });
    expect(isTypeAheadKey(key('a'))).toBe(true);
    expect(isTypeAheadKey(key(' '))).toBe(false);
    expect(isTypeAheadKey(key('Enter'))).toBe(false);
    expect(isTypeAheadKey(key('a', { ctrlKey: true }))).toBe(false);
  });
});
