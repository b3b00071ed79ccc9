import { describe, expect, it } from 'vitest';
import { dropScrollDirection, dropSide, insertAt, isRedrawn, jpegStartsRight, photosThatFit, scaleToFit } from './photo-media';

describe('scaleToFit (1080 on the long side)', () => {
  it('scales the long side down, keeping the shape', () => {
    expect(scaleToFit(4032, 3024)).toEqual({ width: 1080, height: 810 });
    expect(scaleToFit(1500, 3000)).toEqual({ width: 540, height: 1080 });
  });
  it('never scales up; nothing for an empty image', () => {
    expect(scaleToFit(640, 480)).toEqual({ width: 640, height: 480 });
    expect(scaleToFit(1080, 1080)).toEqual({ width: 1080, height: 1080 });
    expect(scaleToFit(0, 10)).toEqual({ width: 0, height: 0 });
    expect(scaleToFit(Number.NaN, 10)).toEqual({ width: 0, height: 0 });
  });
  it('keeps at least one pixel', () => expect(scaleToFit(100000, 10)).toEqual({ width: 1080, height: 1 }));
});

describe('which files are drawn again, and the jpg check', () => {
  it('jpg and png are redrawn; GIF, WebP and the rest go as they are', () => {
    expect(isRedrawn({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isRedrawn({ type: 'image/png', name: 'a' })).toBe(true);
    expect(isRedrawn({ type: '', name: 'a.JPEG' })).toBe(true);
    expect(isRedrawn({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isRedrawn({ type: 'image/webp', name: 'a.webp' })).toBe(false);
  });
  it('a jpg must start with FF D8; other types are not checked', () => {
    expect(jpegStartsRight({ type: 'image/jpeg', name: 'a.jpg' }, new Uint8Array([0xff, 0xd8]))).toBe(true);
    expect(jpegStartsRight({ type: 'image/jpeg', name: 'a.jpg' }, new Uint8Array([0x89, 0x50]))).toBe(false);
    expect(jpegStartsRight({ type: 'image/jpeg', name: 'a.jpg' }, new Uint8Array([]))).toBe(false);
    expect(jpegStartsRight({ type: 'image/png', name: 'a.png' }, new Uint8Array([0, 0]))).toBe(true);
  });
});

describe('drops', () => {
  it('land before an item in its top 66%, after it below', () => {
    expect(dropSide(0, 100)).toBe('before');
    expect(dropSide(66, 100)).toBe('before');
    expect(dropSide(67, 100)).toBe('after');
    expect(dropSide(5, 0)).toBe('before');
  });
  it('scroll within 20% of the viewport edges', () => {
    expect(dropScrollDirection(10, 1000)).toBe(-1);
    expect(dropScrollDirection(199, 1000)).toBe(-1);
    expect(dropScrollDirection(500, 1000)).toBe(0);
    expect(dropScrollDirection(801, 1000)).toBe(1);
    expect(dropScrollDirection(5, 0)).toBe(0);
  });
  it('at most 10 photos in all', () => {
    expect(photosThatFit(8, 5)).toBe(2);
    expect(photosThatFit(10, 1)).toBe(0);
    expect(photosThatFit(0, 3)).toBe(3);
  });
  it('insertAt clamps the index', () => {
    expect(insertAt([1, 2, 3], 1, [9])).toEqual([1, 9, 2, 3]);
    expect(insertAt([1], 99, [9, 8])).toEqual([1, 9, 8]);
    expect(insertAt([1], -4, [9])).toEqual([9, 1]);
  });
});
