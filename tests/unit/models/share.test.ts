import { describe, expect, it } from 'vitest';
import {
  emailShareMode,
  isPopoverEmail,
  isShareEmail,
  isShareMessage,
  mailtoUrl,
  parseShareData,
  shareOptions,
  shortMessageState,
  tweetState,
} from '../../../src/models/share';

const RAW = {
  post_id: '12', tumblelog_name: 'bob', post_url: 'http://x/blog/bob/post/12', post_tiny_url: 'http://x/p/12', embed_code: '<div>embed</div>',
  abuse_url: '/abuse/12', has_user: true, is_private: false,
  pinterest_share_window: { url: 'https://pin.example/?u=1', name: 'pin', dimensions: '750x550' },
  show_email: true, show_twitter: true, show_facebook: true, show_pinterest: true, show_reddit: true, show_embed: true, show_permalink: true, show_flagging: false, show_reporting_links: true,
};

describe('share data', () => {
  it('unwraps response.share_popover_data and needs a post id and a blog name', () => {
    expect(parseShareData({ response: { share_popover_data: RAW } })?.postId).toBe('12');
    expect(parseShareData({ share_popover_data: RAW })?.blogName).toBe('bob');
    expect(parseShareData(RAW)?.pinterest).toEqual({ url: 'https://pin.example/?u=1', name: 'pin', width: 750, height: 550 });
    expect(parseShareData({ ...RAW, post_id: '' })).toBeNull();
    expect(parseShareData({ ...RAW, tumblelog_name: undefined })).toBeNull();
    expect(parseShareData('nope')).toBeNull();
  });
});

describe('which options show', () => {
  const data = parseShareData(RAW)!;
  it('every option with its show flag and switch, in order; "Share via…" only with a share sheet', () => {
    expect(shareOptions(data, { embed: true, reddit: true }, true)).toEqual(['native', 'copy-link', 'email', 'twitter', 'facebook', 'pinterest', 'reddit', 'embed', 'permalink', 'report']);
    expect(shareOptions(data, { embed: false, reddit: false }, false)).toEqual(['copy-link', 'email', 'twitter', 'facebook', 'pinterest', 'permalink', 'report']);
  });
  it('a flag off hides its option; a private post shows none', () => {
    const d = parseShareData({ ...RAW, show_twitter: false, show_reporting_links: false })!;
    expect(shareOptions(d, { embed: true, reddit: true }, false)).not.toContain('twitter');
    expect(shareOptions(d, { embed: true, reddit: true }, false)).not.toContain('report');
    expect(shareOptions(parseShareData({ ...RAW, is_private: true })!, { embed: true, reddit: true }, true)).toEqual([]);
  });
});

describe('e-mail', () => {
  it('the post popover rule: text @ text . text, at most 100', () => {
    expect(isShareEmail('a@b.c')).toBe(true);
    expect(isShareEmail('a@b')).toBe(false);
    expect(isShareEmail('a b@c.d')).toBe(false);
    expect(isShareEmail(`${'a'.repeat(95)}@b.cd`)).toBe(true);
    expect(isShareEmail(`${'a'.repeat(96)}@b.cd`)).toBe(false);
  });
  it('the send-a-post popover rule: a 2–20 letter ending, a domain starting alphanumeric', () => {
    expect(isPopoverEmail('first.last+tag@example.co')).toBe(true);
    expect(isPopoverEmail('a@-bad.com')).toBe(false);
    expect(isPopoverEmail('a@b.c')).toBe(false);
    expect(isPopoverEmail('a@b.c1')).toBe(false);
  });
  it('a message of at most 255; mailto when logged out and not a blog share', () => {
    expect(isShareMessage('x'.repeat(255))).toBe(true);
    expect(isShareMessage('x'.repeat(256))).toBe(false);
    expect(emailShareMode({ hasUser: false, blogShare: false })).toBe('mailto');
    expect(emailShareMode({ hasUser: false, blogShare: true })).toBe('form');
    expect(emailShareMode({ hasUser: true, blogShare: false })).toBe('form');
    expect(mailtoUrl('http://x/p/1', 'A post')).toBe('mailto:?subject=A%20post&body=http%3A%2F%2Fx%2Fp%2F1');
  });
});

describe('the short-message network', () => {
  it('post popover: [URL] counts 24, warning under 10, invalid over the limit or with all 140 left', () => {
    expect(tweetState('')).toEqual({ remaining: 140, warning: false, valid: false });
    expect(tweetState('hi [URL]')).toEqual({ remaining: 140 - 3 - 24, warning: false, valid: true });
    expect(tweetState('x'.repeat(131))).toMatchObject({ remaining: 9, warning: true, valid: true });
    expect(tweetState('x'.repeat(141))).toMatchObject({ remaining: -1, valid: false });
  });
  it('send-a-post popover: a URL counts 23; more than 0 and at most 140', () => {
    expect(shortMessageState('')).toMatchObject({ valid: false, exceeded: false });
    expect(shortMessageState('see https://example.com/a/long/path/that/goes/on')).toMatchObject({ remaining: 140 - 4 - 23, valid: true });
    expect(shortMessageState('x'.repeat(141))).toMatchObject({ remaining: -1, exceeded: true, valid: false });
  });
});
