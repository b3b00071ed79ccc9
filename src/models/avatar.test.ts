import { describe, expect, it } from 'vitest';
import { AVATAR_SIZES, avatarStep, avatarUrlFor } from './avatar';

describe('avatar size steps', () => {
  it('are the spec steps', () => {
    expect(AVATAR_SIZES).toEqual([16, 24, 30, 40, 48, 64, 96, 128, 512]);
  });
  it('rounds up to the next step, times the pixel ratio', () => {
    expect(avatarStep(16)).toBe(16);
    expect(avatarStep(17)).toBe(24);
    expect(avatarStep(64, 2)).toBe(128);
    expect(avatarStep(300)).toBe(512);
    expect(avatarStep(1000)).toBe(512);
    expect(avatarStep(40, Number.NaN)).toBe(40);
  });
  it('uses the 48 or 128 variant when given', () => {
    const src = { avatar_url: '/a/512', avatar_url_48: '/a/48', avatar_url_128: '/a/128' };
    expect(avatarUrlFor(src, 40)).toBe('/a/48');
    expect(avatarUrlFor(src, 96)).toBe('/a/128');
    expect(avatarUrlFor(src, 512)).toBe('/a/512');
    expect(avatarUrlFor({}, 64)).toBeUndefined();
  });
});
