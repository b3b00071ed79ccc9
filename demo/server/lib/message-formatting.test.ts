import { describe, expect, it } from 'vitest';
import { messageFormatting } from './message-formatting';

const origin = 'http://127.0.0.1:4173';
const exists = (name: string) => ['bob', 'alice'].includes(name.toLowerCase());

describe('message formatting (the reference server)', () => {
  it('links addresses, this site’s posts, blogs and conversations, and @mentions of blogs that exist', () => {
    const text = `look: https://example.com/a?b=1. Also ${origin}/blog/bob/post/12/slug, ${origin}/blog/alice and ${origin}/messaging/conversation/bob — ask @bob, not @nobody or me@bob.io`;
    const f = messageFormatting(text, origin, exists);
    const spans = f.map((x) => [text.slice(x.position.start, x.position.end), x.attributes]);
    expect(spans).toEqual([
      ['https://example.com/a?b=1', { url: 'https://example.com/a?b=1' }],
      [`${origin}/blog/bob/post/12/slug`, { url: `${origin}/blog/bob/post/12/slug`, blog_name: 'bob', post_id: '12' }],
      [`${origin}/blog/alice`, { url: `${origin}/blog/alice`, blog_name: 'alice' }],
      [`${origin}/messaging/conversation/bob`, { url: `${origin}/messaging/conversation/bob`, messaging_blog_name: 'bob' }],
      ['@bob', { blog_name: 'bob', url: `${origin}/blog/bob` }],
    ]);
  });

  it('counts offsets as JavaScript strings do (an emoji is two units)', () => {
    const text = '😀 https://x.io';
    const [link] = messageFormatting(text, origin, exists);
    expect(text.slice(link!.position.start, link!.position.end)).toBe('https://x.io');
  });

  it('gives no link to plain text or to a javascript: address', () => {
    expect(messageFormatting('hello there', origin, exists)).toEqual([]);
    expect(messageFormatting('javascript:alert(1)', origin, exists)).toEqual([]);
  });
});
