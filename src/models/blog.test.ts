import { describe, expect, it } from 'vitest';
import {
  blockConfirmText,
  askPageHref,
  blogHref,
  fullAddress,
  parseBlogCard,
  parseStaffFlags,
  PUBLIC_MARK_LABELS,
  publicMarks,
  resolveDescriptionLink,
  showHighlightedStrip,
  unfollowConfirmText,
} from './blog';
import { MalformedResponse } from '../errors';

const raw = {
  name: 'bob',
  uuid: 't:abc',
  url: 'http://localhost:4000/blog/bob',
  title: 'Bob makes things',
  description_sanitized: '<p>hi</p>',
  avatar_url: '/assets/avatar/bob/128.svg',
  following: true,
  can_subscribe: true,
  is_subscribed: true,
  asks: true,
  highlighted_posts: [
    { id: 1, post_url: '/blog/bob/post/1', type: 'photo', summary: 'a', thumbnail_url: '/assets/post/1.svg' },
    { id: '2', post_url: '/blog/bob/post/2', type: 'text' },
    { id: '', post_url: '/x' },
    'junk',
  ],
};

describe('parseBlogCard', () => {
  it('reads the blog fields and keeps only well-formed posts', () => {
    const blog = parseBlogCard(raw);
    expect(blog.name).toBe('bob');
    expect(blog.following).toBe(true);
    expect(blog.is_subscribed).toBe(true);
    expect(blog.asks).toBe(true);
    expect(blog.can_receive_messages).toBe(false);
    expect(blog.highlighted_posts.map((p) => p.id)).toEqual(['1', '2']);
    expect(blog.highlighted_posts[1]).not.toHaveProperty('thumbnail_url');
  });

  it('accepts the blog wrapped as { tumblelog, highlighted_posts }', () => {
    const blog = parseBlogCard({ tumblelog: { name: 'x' }, highlighted_posts: raw.highlighted_posts });
    expect(blog.name).toBe('x');
    expect(blog.title).toBe('x');
    expect(blog.highlighted_posts).toHaveLength(2);
  });

  it('never reports a subscription on a blog that is not followed', () => {
    const blog = parseBlogCard({ ...raw, following: false });
    expect(blog.is_subscribed).toBe(false);
    expect(blog.can_subscribe).toBe(false);
  });

  it.each([null, 'false', 42, [], {}, { name: '' }, { name: 7 }])('rejects %j as malformed', (value) => {
    expect(() => parseBlogCard(value)).toThrow(MalformedResponse);
  });

  it('reads the marks everyone sees, and the staff flags only when all five are there', () => {
    const flags = { spam: true, nsfw: false, adult: false, uniblock: false, suspended: true };
    const staff = parseBlogCard({ ...raw, is_suspended: true, is_nsfw: 'yes', staff_flags: flags });
    expect([staff.is_suspended, staff.is_nsfw, staff.is_adult]).toEqual([true, false, false]);
    expect(staff.staff_flags).toEqual(flags);
    // Anyone else gets no staff flags; a partial or mistyped set is no set at all.
    expect(parseBlogCard(raw)).not.toHaveProperty('staff_flags');
    expect(parseBlogCard({ ...raw, staff_flags: { ...flags, uniblock: 1 } })).not.toHaveProperty('staff_flags');
  });
});

describe('staff flags and public marks', () => {
  it('parseStaffFlags wants a boolean for each of the five flags', () => {
    expect(parseStaffFlags({ spam: false, nsfw: true, adult: false, uniblock: false, suspended: false, extra: 1 })).toEqual({
      spam: false,
      nsfw: true,
      adult: false,
      uniblock: false,
      suspended: false,
    });
    expect(parseStaffFlags({ spam: false })).toBeNull();
    expect(parseStaffFlags(null)).toBeNull();
  });
  it('publicMarks lists suspended, nsfw and adult, in that order, and never the staff-only flags', () => {
    expect(publicMarks({ is_suspended: false, is_nsfw: false, is_adult: false })).toEqual([]);
    expect(publicMarks({ is_suspended: true, is_nsfw: true, is_adult: true }).map((m) => PUBLIC_MARK_LABELS[m])).toEqual([
      'Suspended',
      'Sensitive content',
      'Adult content',
    ]);
  });
});

describe('addresses', () => {
  it('prefers the custom domain', () => {
    expect(fullAddress({ name: 'a', url: 'https://a.tumblr.com/', cname: 'www.example.org' })).toBe('www.example.org');
    expect(blogHref({ name: 'a', url: 'https://a.tumblr.com/', cname: 'www.example.org' })).toBe('https://www.example.org');
  });
  it('falls back to the blog url without its scheme', () => {
    expect(fullAddress({ name: 'a', url: 'https://a.tumblr.com/', cname: null })).toBe('a.tumblr.com');
    expect(fullAddress({ name: 'a', url: '', cname: null })).toBe('a.tumblr.com');
  });
  it('puts the ask page at the blog’s own address', () => {
    expect(askPageHref({ name: 'a', url: 'https://a.tumblr.com/', cname: null })).toBe('https://a.tumblr.com/ask');
    expect(askPageHref({ name: 'a', url: '', cname: 'www.example.org' })).toBe('https://www.example.org/ask');
    expect(askPageHref({ name: 'b b', url: '', cname: null })).toBe('/blog/b%20b/ask');
  });
});

describe('highlighted strip', () => {
  it('is hidden below 2 posts', () => {
    expect(showHighlightedStrip([])).toBe(false);
    expect(showHighlightedStrip([1])).toBe(false);
    expect(showHighlightedStrip([1, 2])).toBe(true);
  });
});

describe('resolveDescriptionLink', () => {
  const base = 'http://localhost:4000/blog/bob';
  it('resolves relative links against the blog address', () => {
    expect(resolveDescriptionLink('archive', base)).toBe('http://localhost:4000/blog/bob/archive');
    expect(resolveDescriptionLink('/tagged/art', base)).toBe('http://localhost:4000/tagged/art');
    expect(resolveDescriptionLink('archive', 'https://bob.tumblr.com/')).toBe('https://bob.tumblr.com/archive');
  });
  it('keeps http, https and mailto', () => {
    expect(resolveDescriptionLink('https://example.org/x', base)).toBe('https://example.org/x');
    expect(resolveDescriptionLink('mailto:bob@example.org', base)).toBe('mailto:bob@example.org');
  });
  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'ftp://x', '', null])(
    'drops %j',
    (href) => {
      expect(resolveDescriptionLink(href, base)).toBeNull();
    },
  );
});

describe('confirm texts', () => {
  it('uses the spec wording', () => {
    expect(unfollowConfirmText('bob')).toBe('Are you sure you want to unfollow bob?');
    expect(blockConfirmText('bob', 'alice')).toBe('Are you sure you want to block bob from alice?');
  });
});
