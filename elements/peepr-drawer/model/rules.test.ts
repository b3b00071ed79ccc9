import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '../../../src/errors';
import {
  adAfter,
  fetchedEverything,
  headerOpacity,
  nearBottom,
  pageSize,
  PEEPR,
  peeprCommand,
  photoSizeFor,
  readDrawerPost,
  readPeeprMark,
  readPeeprPage,
  targetFromSearch,
} from './rules';

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
    const page = readPeeprPage({
      response: {
        posts: [{ id: 1, tumblelog_name: 'bob', type: 'text' }, { id: 2 }, 'junk', null],
        tumblelog: { name: 'bob', following: true },
      },
    });
    expect(page.posts.map((p) => p.id)).toEqual(['1']);
    expect(page.blog?.name).toBe('bob');
    expect(page.blog?.following).toBe(true);
  });
  it('a non-list posts field is malformed', () => {
    expect(() => readPeeprPage({ response: { posts: 'x' } })).toThrow(MalformedResponse);
    expect(() => readPeeprPage('false')).toThrow(MalformedResponse);
  });
  it('photos keep original_size and alt_sizes sorted by width; the size for a width is the narrowest wide enough', () => {
    const post = readDrawerPost({
      id: '5',
      tumblelog_name: 'a',
      photos: [
        {
          original_size: { url: '/o', width: 1280, height: 960 },
          alt_sizes: [{ url: '/l', width: 540, height: 405 }, { url: '/s', width: 250, height: 188 }, { nope: 1 }],
        },
      ],
    })!;
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

describe('opening', () => {
  it('reads a mark: JSON with tumblelog and postId, or a plain blog name', () => {
    expect(readPeeprMark('{"tumblelog":"bob","postId":"123"}')).toEqual({ blogName: 'bob', postId: '123' });
    expect(readPeeprMark('{"tumblelog_name_or_id":"bob","post_id":5}')).toEqual({ blogName: 'bob', postId: '5' });
    expect(readPeeprMark('bob')).toEqual({ blogName: 'bob' });
  });
  it('a mark with no usable data is null (the link opens in a new window)', () => {
    for (const bad of ['', '   ', null, '{', '{"tumblelog":"../x"}', '{"tumblelog":"bob","postId":"1; drop"}', '[1]', 'two words'])
      expect(readPeeprMark(bad)).toBeNull();
  });
  it('page parameters: peepr and post_id', () => {
    expect(targetFromSearch('?peepr=bob&post_id=42')).toEqual({ blogName: 'bob', postId: '42' });
    expect(targetFromSearch('?peepr=bob')).toEqual({ blogName: 'bob' });
    expect(targetFromSearch('?x=1')).toBeNull();
    expect(targetFromSearch('?peepr=<b>')).toBeNull();
  });
  it('keys: j k l r s . Enter, never with a modifier', () => {
    expect(['j', 'k', 'l', 'r', 's', '.', 'Enter'].map((key) => peeprCommand({ key }))).toEqual([
      'next',
      'previous',
      'like',
      'reblog',
      'share',
      'top',
      'open-source',
    ]);
    expect(peeprCommand({ key: 'j', ctrlKey: true })).toBeNull();
    expect(peeprCommand({ key: 'l', metaKey: true })).toBeNull();
    expect(peeprCommand({ key: 'J' })).toBeNull();
    expect(peeprCommand({ key: 'x' })).toBeNull();
  });
});
