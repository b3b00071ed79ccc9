import { describe, expect, it } from 'vitest';
import { parseMessageLinks, textPieces } from './message-links';

const link = (start: number, end: number, attributes: Record<string, unknown>) => ({ type: 'LINK', position: { start, end }, attributes });

describe('message links', () => {
  const text = 'see https://example.com and @bob, or his post';

  it('reads links with their attributes, in order', () => {
    const links = parseMessageLinks(
      [
        link(31, 45, { blog_name: 'bob', post_id: '12', url: '/blog/bob/post/12' }),
        link(4, 23, { url: 'https://example.com' }),
        link(28, 32, { blog_name: 'bob' }),
      ],
      text,
    );
    expect(links).toEqual([
      { start: 4, end: 23, url: 'https://example.com' },
      { start: 28, end: 32, blogName: 'bob' },
    ]); // the post link overlaps the mention: the first one wins
  });

  it('drops what cannot be trusted: ranges outside the text or backwards, bad names and ids, no target, other types', () => {
    expect(
      parseMessageLinks(
        [
          link(0, 999, { url: 'https://x.io' }),
          link(5, 2, { url: 'https://x.io' }),
          link(-1, 3, { url: 'https://x.io' }),
          link(0, 3, { blog_name: '../evil' }),
          link(0, 3, { blog_name: 'bob', post_id: '12; drop' }),
          link(0, 3, { post_id: '12' }),
          link(0, 3, {}),
          { type: 'BOLD', position: { start: 0, end: 3 } },
          'junk',
          null,
        ],
        text,
      ),
    ).toEqual([]);
    expect(parseMessageLinks('not a list', text)).toEqual([]);
    expect(parseMessageLinks(undefined, text)).toEqual([]);
  });

  it('cuts the text into pieces that join back into it', () => {
    const links = parseMessageLinks([link(4, 23, { url: 'https://example.com' }), link(28, 32, { blog_name: 'bob' })], text);
    const pieces = textPieces(text, links);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.map((p) => [p.text, p.link?.url ?? p.link?.blogName ?? null])).toEqual([
      ['see ', null],
      ['https://example.com', 'https://example.com'],
      [' and ', null],
      ['@bob', 'bob'],
      [', or his post', null],
    ]);
    expect(textPieces('', [])).toEqual([{ text: '' }]);
    expect(textPieces('plain', [])).toEqual([{ text: 'plain' }]);
  });
});
