import { describe, expect, it } from 'vitest';
import { isLightColor, parseHex, readableTextOn, safeColor } from '../../../src/models/colors';

describe('readable-colour rule (light if saturation < 0.2 and value > 0.8)', () => {
  it.each([
    ['#ffffff', true],
    ['#f0f0f0', true],
    ['#fff', true],
    ['#cccccc', false], // value 0.8 exactly is not over 0.8
    ['#ffe0e0', true], // s = 0.12
    ['#ffc8c8', false], // s ≈ 0.216
    ['#36465d', false],
    ['#000000', false],
  ])('%s → light %s', (color, light) => {
    expect(isLightColor(color)).toBe(light);
  });
  it('picks dark text on light backgrounds and white on dark', () => {
    expect(readableTextOn('#ffffff')).toBe('#1a1a1a');
    expect(readableTextOn('#36465d')).toBe('#ffffff');
  });
});

describe('colour parsing', () => {
  it('accepts only hex colours', () => {
    expect(parseHex('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHex('red')).toBeNull();
    expect(safeColor('url(javascript:alert(1))')).toBeUndefined();
    expect(safeColor('abcdef')).toBe('#abcdef');
  });
});
