import { describe, expect, it } from 'vitest';
import { isLightColor, parseHex, readableTextOn, safeColor } from './colors';

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

describe('contrast', () => {
  it('computes WCAG ratios', async () => {
    const { contrastRatio } = await import('./colors');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('nope', '#ffffff')).toBe(1);
  });
  it('keeps the spec pick when it reads, else switches', async () => {
    const { accessibleTextOn, themeColorOn } = await import('./colors');
    expect(accessibleTextOn('#36465d')).toBe('#ffffff'); // rule and contrast agree
    expect(accessibleTextOn('#a4a9ac')).toBe('#1a1a1a'); // rule says white (not light), contrast says dark
    expect(themeColorOn('#ffeaca', '#a4a9ac', 3)).toBe('#1a1a1a');
    expect(themeColorOn('#001935', '#ffffff', 3)).toBe('#001935');
  });
});
