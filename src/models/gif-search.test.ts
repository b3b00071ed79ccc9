import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GIF_CACHE_MS,
  GIF_INVALID_RESPONSE,
  GIF_NO_RESULTS_LINES,
  GifSearchCache,
  columnsFor,
  masonryLayout,
  moveInGrid,
  nextToPreload,
  noResultsLine,
  normalizeQuery,
  parseGifSearchResponse,
  renderedCount,
  shortLink,
  visibleTags,
  visibleTiles,
  type GridKey,
} from './gif-search';
import { MalformedResponse } from '../errors';

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  mediaUrl: `/assets/gif/g${n}.gif`,
  postUrl: `/blog/bob/post/${n}`,
  rootPostUrl: `/blog/bob/post/${n}`,
  rootPostUrlHash: `Z${n}`,
  rootBlog: 'bob',
  rootBlogUrl: '/blog/bob',
  rootBlogKey: 'k',
  postTags: ['cat', 'gif'],
  popularSearchTag: 'cat',
  width: 250,
  height: 200,
  ...extra,
});

describe('query text', () => {
  it('is lowercased and trimmed, on a single line', () => {
    expect(normalizeQuery('  Happy CATS ')).toBe('happy cats');
    expect(normalizeQuery('two\nlines')).toBe('two lines');
    expect(normalizeQuery('   ')).toBe('');
  });
});

describe('visibleTags', () => {
  it('hides "gif" and "gifs" (any case) and keeps at most 3', () => {
    expect(visibleTags(['GIF', 'cat', 'gifs', 'cute', 'Gif', 'kitten', 'meow'])).toEqual(['cat', 'cute', 'kitten']);
    expect(visibleTags(['gif', 'gifs'])).toEqual([]);
    expect(visibleTags(['gifset', 'giffy'])).toEqual(['gifset', 'giffy']);
    expect(visibleTags([' ', 'a'])).toEqual(['a']);
  });
});

describe('shortLink', () => {
  it('points at the short-URL host with the root post hash', () => {
    expect(shortLink('Z8JxCn')).toBe('https://tmblr.co/Z8JxCn');
    expect(shortLink('')).toBeUndefined();
    expect(shortLink('../evil?x')).toBeUndefined();
  });
});

describe('parseGifSearchResponse', () => {
  it('reads media, an optional message, and stamps the client time', () => {
    const r = parseGifSearchResponse({ media: [item(1), item(2)], message: { header: '<b>Hi</b>', body: 'there' } }, 'cat', 1234);
    expect(r.query).toBe('cat');
    expect(r.timestamp).toBe(1234);
    expect(r.media).toHaveLength(2);
    expect(r.media[0]!.postTags).toEqual(['cat', 'gif']);
    expect(r.message).toEqual({ header: '<b>Hi</b>', body: 'there' });
  });
  it('an empty media list is a valid "no results"', () => {
    expect(parseGifSearchResponse({ media: [] }, 'zz', 1).media).toEqual([]);
  });
  it('an empty response is "Invalid GIF search response"', () => {
    for (const bad of [undefined, null, '', {}, { media: null }, { media: 'x' }, []]) {
      expect(() => parseGifSearchResponse(bad, 'q', 1)).toThrow(new MalformedResponse(GIF_INVALID_RESPONSE));
    }
  });
  it('drops items without a usable image or size, and javascript: URLs', () => {
    const r = parseGifSearchResponse(
      { media: [item(1, { mediaUrl: 'javascript:alert(1)' }), item(2, { width: 0 }), item(3, { height: 'x' }), item(4), 'junk'] },
      'q',
      1,
    );
    expect(r.media.map((m) => m.mediaUrl)).toEqual(['/assets/gif/g4.gif']);
  });
});

describe('GifSearchCache (300000 ms per query)', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => void vi.useRealTimers());

  it('keeps a result until 300000 ms after its timestamp', () => {
    const cache = new GifSearchCache();
    cache.set({ query: 'cat', media: [], timestamp: Date.now() });
    vi.advanceTimersByTime(GIF_CACHE_MS - 1);
    expect(cache.get('cat')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get('cat')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
  it('is per query', () => {
    const cache = new GifSearchCache();
    cache.set({ query: 'cat', media: [], timestamp: Date.now() });
    expect(cache.get('dog')).toBeUndefined();
    expect(cache.get('cat')?.query).toBe('cat');
  });
});

describe('noResultsLine', () => {
  it('is one of nine lines, never the previous one', () => {
    expect(GIF_NO_RESULTS_LINES).toHaveLength(9);
    expect(GIF_NO_RESULTS_LINES).toContain('Nothing turned up. Bummer.');
    expect(noResultsLine(() => 0)).toBe(GIF_NO_RESULTS_LINES[0]);
    expect(noResultsLine(() => 0.9999)).toBe(GIF_NO_RESULTS_LINES[8]);
    for (let i = 0; i < 50; i++) {
      const previous = GIF_NO_RESULTS_LINES[i % 9];
      expect(noResultsLine(Math.random, previous)).not.toBe(previous);
    }
  });
});

describe('masonry layout and virtualisation', () => {
  const sizes = [
    { width: 250, height: 250 }, // 150
    { width: 250, height: 500 }, // 300
    { width: 250, height: 125 }, // 75
    { width: 250, height: 250 }, // 150
    { width: 250, height: 250 }, // 150
  ];
  it('fits columns of 150 px', () => {
    expect(columnsFor(150)).toBe(1);
    expect(columnsFor(305)).toBe(1);
    expect(columnsFor(306)).toBe(2);
    expect(columnsFor(462)).toBe(3);
    expect(columnsFor(0)).toBe(1);
  });
  it('puts each item, in page order, at the bottom of the shortest column', () => {
    const { tiles, height } = masonryLayout(sizes, 3, 150, 6);
    expect(tiles.map((t) => t.column)).toEqual([0, 1, 2, 2, 0]);
    expect(tiles.map((t) => t.height)).toEqual([150, 300, 75, 150, 150]);
    expect(tiles[3]).toMatchObject({ x: 312, y: 81 });
    expect(tiles[4]).toMatchObject({ x: 0, y: 156 });
    expect(height).toBe(306);
  });
  it('mounts only the tiles near the viewport', () => {
    const many = masonryLayout(
      Array.from({ length: 200 }, () => ({ width: 250, height: 250 })),
      3,
      150,
      6,
    );
    const shown = visibleTiles(many.tiles, 3000, 400, 400);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(3 * Math.ceil(1200 / 156) + 3);
    expect(shown.every((i) => many.tiles[i]!.y + 150 >= 2600 && many.tiles[i]!.y <= 3800)).toBe(true);
  });
  it('renders in batches of 50', () => {
    expect(renderedCount(200, 1)).toBe(50);
    expect(renderedCount(200, 3)).toBe(150);
    expect(renderedCount(200, 9)).toBe(200);
    expect(renderedCount(20, 1)).toBe(20);
  });
  it('preloads in page order, skipping what is done', () => {
    expect(nextToPreload(['a', 'b', 'c', 'd'], new Set(['a', 'c']), 2)).toEqual(['b', 'd']);
    expect(nextToPreload(['a'], new Set(['a']))).toEqual([]);
  });
});

describe('moveInGrid', () => {
  // Columns: 0 → [0, 4], 1 → [1], 2 → [2, 3]  (see the layout test above)
  const { tiles } = masonryLayout(
    [
      { width: 250, height: 250 },
      { width: 250, height: 500 },
      { width: 250, height: 125 },
      { width: 250, height: 250 },
      { width: 250, height: 250 },
    ],
    3,
    150,
    6,
  );
  const walk = (start: number, key: GridKey, steps: number) => {
    const seen: number[] = [];
    let at = start;
    for (let i = 0; i < steps; i++) seen.push((at = moveInGrid(tiles, at, key)));
    return seen;
  };
  it('starts at the first (Down/Right/Home) or last (Up/Left/End) tile', () => {
    expect(moveInGrid(tiles, -1, 'ArrowDown')).toBe(0);
    expect(moveInGrid(tiles, -1, 'ArrowRight')).toBe(0);
    expect(moveInGrid(tiles, -1, 'ArrowUp')).toBe(3);
    expect(moveInGrid(tiles, 2, 'Home')).toBe(0);
    expect(moveInGrid(tiles, 0, 'End')).toBe(3);
  });
  it('Down walks each column top to bottom, then the next column, and wraps around', () => {
    expect(walk(0, 'ArrowDown', 6)).toEqual([4, 1, 2, 3, 0, 4]);
  });
  it('Up is the reverse and wraps too', () => {
    expect(walk(0, 'ArrowUp', 6)).toEqual([3, 2, 1, 4, 0, 3]);
  });
  it('Right/Left move to the nearest tile in the next column and wrap between first and last column', () => {
    expect(walk(0, 'ArrowRight', 3)).toEqual([1, 3, 4]); // 1's centre is nearer 3 than 2; 3's nearer 4 than 0
    expect(moveInGrid(tiles, 4, 'ArrowRight')).toBe(1);
    expect(moveInGrid(tiles, 3, 'ArrowRight')).toBe(4);
    expect(moveInGrid(tiles, 0, 'ArrowLeft')).toBe(2);
    expect(moveInGrid(tiles, 1, 'ArrowLeft')).toBe(0);
  });
  it('nothing to move in an empty grid', () => {
    expect(moveInGrid([], -1, 'ArrowDown')).toBe(-1);
  });
});
