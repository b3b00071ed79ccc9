import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_SHIFT_ERROR, plainTextHeight, readShift, shiftToReveal } from './plain-text';

describe('plain-text editor (authoring spec §5)', () => {
  it('a shift is an object of numbers x and y, otherwise it throws', () => {
    expect(readShift({ x: 0, y: 12.5 })).toEqual({ x: 0, y: 12.5 });
    expect(readShift({ x: -3, y: 0, extra: 'ignored' })).toEqual({ x: -3, y: 0 });
    for (const bad of [null, undefined, 3, 'x', [], { x: 1 }, { y: 1 }, { x: '1', y: 2 }, { x: 1, y: NaN }, { x: Infinity, y: 0 }]) {
      expect(() => readShift(bad), JSON.stringify(bad)).toThrow(new TypeError(PLAIN_TEXT_SHIFT_ERROR));
    }
  });

  it('grows with its content between the least and the most height, then scrolls inside', () => {
    expect(plainTextHeight(20, 60, 400)).toEqual({ height: 60, overflow: false });
    expect(plainTextHeight(120.2, 60, 400)).toEqual({ height: 121, overflow: false });
    expect(plainTextHeight(900, 60, 400)).toEqual({ height: 400, overflow: true });
    expect(plainTextHeight(100, 60, 10)).toEqual({ height: 60, overflow: true });
  });

  it('shifts only as far as needed to reveal the line being typed', () => {
    expect(shiftToReveal(500, 600)).toEqual({ x: 0, y: 0 });
    expect(shiftToReveal(650, 600)).toEqual({ x: 0, y: 62 });
    expect(shiftToReveal(600.4, 600, 0)).toEqual({ x: 0, y: 1 });
  });
});
