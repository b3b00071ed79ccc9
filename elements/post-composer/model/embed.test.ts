import { describe, expect, it, vi } from 'vitest';
import {
  classifyEmbed,
  embedServiceOf,
  EmbedError,
  EMBED_RETRY_DELAY_MS,
  extractEmbedSrc,
  INVALID_EMBED_CODE,
  INVALID_EMBED_RESPONSE,
  lookupEmbed,
  previewableSrc,
  readEmbedResponse,
} from './embed';

describe('the input', () => {
  it('must be a string', () => {
    for (const bad of [undefined, null, 42, {}, ['<iframe src="x">']]) expect(() => classifyEmbed(bad)).toThrow(TypeError);
  });
  it('a known service URL is looked up', () => {
    expect(classifyEmbed('  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ')).toEqual({
      kind: 'lookup',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      service: 'youtube',
    });
    expect(classifyEmbed('https://youtu.be/dQw4w9WgXcQ').kind).toBe('lookup');
    expect(classifyEmbed('https://vimeo.com/76979871')).toMatchObject({ kind: 'lookup', service: 'vimeo' });
    expect(classifyEmbed('https://www.dailymotion.com/video/x7tgad0')).toMatchObject({ service: 'dailymotion' });
    expect(classifyEmbed('http://localhost:4173/demotube/watch/harbour')).toMatchObject({ service: 'demotube' });
  });
  it('an unknown URL or plain text is not embed code', () => {
    for (const bad of ['https://example.com/video/1', 'just some words', '', '   ']) {
      expect(() => classifyEmbed(bad)).toThrow(EmbedError);
      expect(() => classifyEmbed(bad)).toThrow(INVALID_EMBED_CODE);
    }
  });
  it('embedServiceOf names nothing for look-alikes', () => {
    expect(embedServiceOf('https://youtube.com.evil.example/watch?v=abcdefg')).toBeNull();
    expect(embedServiceOf('javascript:alert(1)//youtube.com/watch?v=abcdefg')).toBeNull();
    expect(embedServiceOf('https://vimeo.com/about')).toBeNull();
  });
});

describe('extracting the address from embed code', () => {
  const cases: [string, string, string | null][] = [
    [
      'an iframe, double quotes',
      '<iframe width="560" height="315" src="https://player.example/v/1" frameborder="0"></iframe>',
      'https://player.example/v/1',
    ],
    ['an iframe, single quotes', "<iframe src='https://player.example/v/2'></iframe>", 'https://player.example/v/2'],
    ['an iframe, no quotes', '<iframe src=https://player.example/v/3 width=400></iframe>', 'https://player.example/v/3'],
    ['entities in the address', '<iframe src="https://p.example/v?a=1&amp;b=2"></iframe>', 'https://p.example/v?a=1&b=2'],
    ['an embed', '<embed type="application/x-shockwave-flash" src="//cdn.example/player.swf?id=9">', '//cdn.example/player.swf?id=9'],
    [
      'a script',
      '<div class="w"></div><script async src="https://widgets.example/embed.js" charset="utf-8"></script>',
      'https://widgets.example/embed.js',
    ],
    [
      'an object with data',
      '<object data="https://media.example/clip.mp4" type="video/mp4"><param name="a" value="b"></object>',
      'https://media.example/clip.mp4',
    ],
    [
      'an object inside which an embed sits: the embed comes first',
      '<object data="https://a.example/o"><embed src="https://a.example/e"></object>',
      'https://a.example/e',
    ],
    [
      'the first of several, in order',
      '<script src="https://one.example/s.js"></script><iframe src="https://two.example/f"></iframe>',
      'https://one.example/s.js',
    ],
    ['upper case tags and spaces round =', '<IFRAME SRC = "https://caps.example/x"></IFRAME>', 'https://caps.example/x'],
    [
      'a tag with an empty src is skipped',
      '<iframe src=""></iframe><iframe src="https://next.example/x"></iframe>',
      'https://next.example/x',
    ],
    ['data-src is not src', '<iframe data-src="https://lazy.example/x"></iframe>', null],
    ['a tag inside a comment does not count', '<!-- <iframe src="https://hidden.example"></iframe> -->', null],
    ['an object without data', '<object type="video/mp4"></object>', null],
    ['no tags at all', 'src="https://nope.example"', null],
  ];
  for (const [name, code, want] of cases) {
    it(name, () => expect(extractEmbedSrc(code)).toBe(want));
  }
  it('classifies code with an address as code, keeping the whole code', () => {
    const code = '<iframe src="https://player.example/v/1"></iframe><p>caption</p>';
    expect(classifyEmbed(code)).toEqual({ kind: 'code', code, src: 'https://player.example/v/1' });
  });
});

describe('the lookup answer', () => {
  it('empty, "false" or a non-object is an invalid embed response', () => {
    for (const bad of [
      undefined,
      null,
      '',
      'false',
      false,
      0,
      'text',
      [],
      {},
      { response: 'false' },
      { response: null },
      { response: [] },
    ]) {
      expect(() => readEmbedResponse(bad), JSON.stringify(bad)).toThrow(INVALID_EMBED_RESPONSE);
    }
  });
  it('reads the fields, from `response` or the body', () => {
    const data = {
      thumbnail: '/t.jpg',
      url: 'https://youtu.be/x',
      embed_code: '<iframe src="/e"></iframe>',
      preview_iframe: '<iframe src="/p"></iframe>',
      embed_render_context: { a: 1 },
    };
    expect(readEmbedResponse({ response: data })).toEqual(data);
    expect(readEmbedResponse(data)).toEqual(data);
  });
  it('an answer with nothing to embed is marked unsupported', () => {
    expect(readEmbedResponse({ response: { url: 'https://vimeo.com/1' } })).toEqual({ url: 'https://vimeo.com/1', unsupported: true });
  });
});

describe('lookupEmbed (one retry after 2000 ms without a thumbnail)', () => {
  const withThumb = { response: { thumbnail: '/t.jpg', embed_code: '<iframe src="/e"></iframe>' } };
  const noThumb = { response: { embed_code: '<iframe src="/e"></iframe>' } };

  it('one call when the first answer has a thumbnail', async () => {
    const fetchData = vi.fn().mockResolvedValue(withThumb);
    const sleep = vi.fn().mockResolvedValue(undefined);
    expect(await lookupEmbed('u', { fetchData, sleep })).toMatchObject({ thumbnail: '/t.jpg' });
    expect(fetchData).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
  it('asks again after the delay and takes the better answer', async () => {
    const fetchData = vi.fn().mockResolvedValueOnce(noThumb).mockResolvedValueOnce(withThumb);
    const sleep = vi.fn().mockResolvedValue(undefined);
    expect(await lookupEmbed('u', { fetchData, sleep })).toMatchObject({ thumbnail: '/t.jpg' });
    expect(sleep).toHaveBeenCalledWith(EMBED_RETRY_DELAY_MS);
    expect(fetchData).toHaveBeenCalledTimes(2);
  });
  it('falls back to the first answer when the second has no thumbnail, is invalid or fails', async () => {
    for (const second of [Promise.resolve(noThumb), Promise.resolve('false'), Promise.reject(new Error('offline'))]) {
      second.catch(() => {});
      const fetchData = vi
        .fn()
        .mockResolvedValueOnce({ response: { embed_code: 'first' } })
        .mockReturnValueOnce(second);
      expect(await lookupEmbed('u', { fetchData, sleep: async () => {} })).toEqual({ embed_code: 'first' });
      expect(fetchData).toHaveBeenCalledTimes(2);
    }
  });
  it('an invalid first answer is an error (no retry)', async () => {
    const fetchData = vi.fn().mockResolvedValue('false');
    await expect(lookupEmbed('u', { fetchData, sleep: async () => {} })).rejects.toThrow(INVALID_EMBED_RESPONSE);
    expect(fetchData).toHaveBeenCalledTimes(1);
  });
});

describe('previewableSrc', () => {
  it('only http(s); protocol-relative becomes https', () => {
    expect(previewableSrc('//cdn.example/p')).toBe('https://cdn.example/p');
    expect(previewableSrc('https://a.example/x')).toBe('https://a.example/x');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/relative', 'not a url'])
      expect(previewableSrc(bad)).toBeNull();
  });
});
