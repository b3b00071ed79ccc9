import { describe, expect, it } from 'vitest';
import {
  clientThumbnail,
  hiddenBySafeMode,
  isFullWidth,
  parsePhoto,
  photoSize,
  postKind,
  scaledHeight,
  UNAVAILABLE_POST,
} from './post-content';

const photo = (url: string) =>
  parsePhoto({
    original_size: { url, width: 1280, height: 960 },
    alt_sizes: [
      { url: `${url}?500`, width: 500, height: 375 },
      { url: `${url}?250`, width: 250, height: 188 },
      { url: `${url}?100`, width: 100, height: 75 },
    ],
  })!;

describe('a post sent as a message', () => {
  it('adds a client-side thumbnail only with a non-empty URL and numeric sizes', () => {
    expect(clientThumbnail('/a.png', 250, 200)).toEqual({ url: '/a.png', width: 250, height: 200 });
    expect(clientThumbnail('', 250, 200)).toBe(undefined);
    expect(clientThumbnail('/a.png', '250', 200)).toBe(undefined);
    expect(clientThumbnail('/a.png', 250, Number.NaN)).toBe(undefined);
    expect(clientThumbnail(null, 250, 200)).toBe(undefined);
  });

  it('sorts alt sizes by width and picks the smallest at least 250 wide', () => {
    const p = photo('/p.jpg');
    expect(p.alt_sizes.map((s) => s.width)).toEqual([100, 250, 500]);
    expect(photoSize(p)?.width).toBe(250);
    expect(photoSize(p, 600)?.width).toBe(1280);
    expect(photoSize(parsePhoto({ alt_sizes: [{ url: '/x', width: 80, height: 80 }] })!, 210)?.width).toBe(80);
    expect(parsePhoto({ alt_sizes: [{ url: '', width: 1, height: 1 }] })).toBe(null);
  });

  it('renders photo, photoset (several photos), GIF (a gif thumbnail), link, quote, audio, video and chat; anything else as a post', () => {
    expect(postKind({ type: 'photo', photos: [photo('/a.jpg')] })).toBe('photo');
    expect(postKind({ type: 'photo', photos: [photo('/a.jpg'), photo('/b.jpg')] })).toBe('photoset');
    expect(postKind({ type: 'photo', photos: [photo('/a.gif')] })).toBe('gif');
    expect(postKind({ type: 'photo', thumbnail: { url: '/t.GIF?x=1', width: 1, height: 1 } })).toBe('gif');
    for (const t of ['link', 'quote', 'audio', 'video', 'chat']) expect(postKind({ type: t })).toBe(t);
    expect(postKind({ type: 'text' })).toBe('post');
    expect(postKind({})).toBe('post');
  });

  it('hides NSFW posts only when the site flag and the user setting are both on', () => {
    expect(hiddenBySafeMode({ is_nsfw: true }, true, true)).toBe(true);
    expect(hiddenBySafeMode({ is_nsfw: true }, true, false)).toBe(false);
    expect(hiddenBySafeMode({ is_nsfw: true }, false, true)).toBe(false);
    expect(hiddenBySafeMode({ is_nsfw: false }, true, true)).toBe(false);
  });

  it('draws a bubble over 60% of the list full width, and scales heights', () => {
    expect(isFullWidth(181, 300)).toBe(true);
    expect(isFullWidth(180, 300)).toBe(false);
    expect(isFullWidth(100, 0)).toBe(false);
    expect(scaledHeight({ width: 640, height: 480 }, 210)).toBe(158);
    expect(scaledHeight(undefined, 210)).toBe(210);
    expect(UNAVAILABLE_POST).toBe("sent a post that's no longer available");
  });
});
