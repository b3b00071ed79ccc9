import { describe, expect, it } from 'vitest';
import { adAfter, fetchedEverything, headerOpacity, mayRefreshAd, nearBottom, pageSize, PEEPR, photoSizeFor, readDrawerPost, readPeeprPage } from '../../../src/models/peepr';

describe('paging', () => {
  it('10 posts a page, 1 for a single post', () => {
    expect(pageSize(false)).toBe(10);
    expect(pageSize(true)).toBe(1);
  });
  it('fetched everything when a page returns fewer posts than asked for', () => {
    expect(fetchedEverything(10, 10)).toBe(false);
    expect(fetchedEverything(9, 10)).toBe(true);
    expect(fetchedEverything(0, 10)).toBe(true);
    expect(fetchedEverything(1, 1)).toBe(false);
  });
  it('near the bottom within the autopager offset plus 66.6% of the window height', () => {
    const windowHeight = 900; // buffer 599.4 + 175 = 774.4
    expect(nearBottom({ top: 0, height: 5000, viewport: 900 }, windowHeight)).toBe(false);
    expect(nearBottom({ top: 5000 - 900 - 774, height: 5000, viewport: 900 }, windowHeight)).toBe(true);
    expect(nearBottom({ top: 5000 - 900 - 775, height: 5000, viewport: 900 }, windowHeight)).toBe(false);
    expect(nearBottom({ top: 0, height: 800, viewport: 900 }, windowHeight)).toBe(true);
  });
});

describe('ads', () => {
  it('after every tenth position, where position mod 10 is 2', () => {
    const slots = Array.from({ length: 40 }, (_, i) => i + 1).filter(adAfter);
    expect(slots).toEqual([2, 12, 22, 32]);
  });
  it('refreshes at most 25 times', () => {
    expect(mayRefreshAd(24)).toBe(true);
    expect(mayRefreshAd(25)).toBe(false);
  });
});

describe('header fade', () => {
  it('fades from 1 at the top to 0 at 2000 px', () => {
    expect(headerOpacity(0)).toBe(1);
    expect(headerOpacity(1000)).toBe(0.5);
    expect(headerOpacity(PEEPR.headerFadeEnd)).toBe(0);
    expect(headerOpacity(5000)).toBe(0);
    expect(headerOpacity(-10)).toBe(1);
  });
});

describe('reading answers', () => {
  it('reads posts at response.posts, dropping items without an id or a blog', () => {
    const page = readPeeprPage({ response: { posts: [{ id: 1, tumblelog_name: 'bob', type: 'text' }, { id: 2 }, 'junk', null], tumblelog: { name: 'bob', following: true } } });
    expect(page.posts.map((p) => p.id)).toEqual(['1']);
    expect(page.blog?.name).toBe('bob');
    expect(page.blog?.following).toBe(true);
  });
  it('a non-list posts field is malformed', () => {
    expect(() => readPeeprPage({ response: { posts: 'x' } })).toThrow(TypeError);
    expect(() => readPeeprPage('false')).toThrow(TypeError);
  });
  it('photos keep original_size and alt_sizes sorted by width; the size for a width is the narrowest wide enough', () => {
    const post = readDrawerPost({ id: '5', tumblelog_name: 'a', photos: [{ original_size: { url: '/o', width: 1280, height: 960 }, alt_sizes: [{ url: '/l', width: 540, height: 405 }, { url: '/s', width: 250, height: 188 }, { nope: 1 }] }] })!;
    expect(post.photos[0]!.alt_sizes.map((s) => s.width)).toEqual([250, 540]);
    expect(photoSizeFor(post.photos[0]!, 400).url).toBe('/l');
    expect(photoSizeFor(post.photos[0]!, 900).url).toBe('/o');
  });
  it('flags are booleans only when the server says true', () => {
    const post = readDrawerPost({ id: '5', tumblelog_name: 'a', liked: 'yes', is_mine: 1 })!;
    expect(post.liked).toBe(false);
    expect(post.is_mine).toBe(false);
  });
});
