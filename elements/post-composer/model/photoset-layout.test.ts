import { describe, expect, it } from 'vitest';
import { isLayoutFor, layoutChoices, layoutRows, photosetLayout } from './photoset-layout';

describe('photoset layouts', () => {
  it('offers nothing for one photo, and rows of one or two for two', () => {
    expect(layoutChoices(0)).toEqual([]);
    expect(layoutChoices(1)).toEqual([]);
    expect(layoutChoices(2).map((c) => c.layout)).toEqual(['11', '2']);
  });
  it('offers rows of one, two, a large first photo and rows of three, each adding up to the photos', () => {
    expect(layoutChoices(5).map((c) => c.layout)).toEqual(['11111', '221', '122', '32']);
    for (let n = 2; n <= 10; n++) for (const c of layoutChoices(n)) expect(isLayoutFor(c.layout, n), `${c.layout} for ${n}`).toBe(true);
  });
  it('drops a choice that comes out the same as another', () => {
    // Three photos: "111", "21", "12", "3" are all different; four: "1111", "22", "122", "31".
    expect(layoutChoices(3).map((c) => c.layout)).toEqual(['111', '21', '12', '3']);
    const layouts = layoutChoices(4).map((c) => c.layout);
    expect(new Set(layouts).size).toBe(layouts.length);
  });
  it('keeps a chosen layout only while it fits the photos, else one per row', () => {
    expect(photosetLayout('12', 3)).toBe('12');
    expect(photosetLayout('12', 4)).toBe('1111');
    expect(photosetLayout('', 2)).toBe('11');
    expect(photosetLayout('4', 4)).toBe('1111');
    expect(photosetLayout('1a', 2)).toBe('11');
    expect(photosetLayout('12', 0)).toBe('');
  });
  it('reads a layout as its rows', () => {
    expect(layoutRows('132')).toEqual([1, 3, 2]);
  });
});
