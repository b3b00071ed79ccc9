import { describe, expect, it } from 'vitest';
import {
  EDITOR_EMPTY_DATA,
  EDITOR_NO_SELECTION,
  EDITOR_UNKNOWN_IMAGE_SOURCE,
  mediaAddress,
  planInsert,
  readImageSource,
} from './editor-insert';

describe('editor inserts (authoring spec §5 editor rules and warnings)', () => {
  it('reads an image source: an address, {url}, or a file; empty data and unknown types are warnings', () => {
    expect(readImageSource('https://example.com/a.png')).toEqual({ type: 'url', url: 'https://example.com/a.png' });
    expect(readImageSource({ url: '  example.com/b.jpg ' })).toEqual({ type: 'url', url: 'http://example.com/b.jpg' });
    expect(readImageSource('/media/uploads/c.jpg')).toEqual({ type: 'url', url: '/media/uploads/c.jpg' });
    const file = new Blob(['x'], { type: 'image/png' });
    expect(readImageSource(file)).toEqual({ type: 'file', file });
    for (const empty of [undefined, null, '', '   ', new Blob([])]) expect(readImageSource(empty)).toEqual({ warning: EDITOR_EMPTY_DATA });
    for (const unknown of [42, {}, { url: 3 }, [], true, 'javascript:alert(1)', 'mailto:a@b.c', 'data:image/png;base64,AAAA']) {
      expect(readImageSource(unknown), String(unknown)).toEqual({ warning: EDITOR_UNKNOWN_IMAGE_SOURCE });
    }
  });

  it('media addresses follow the link rules, without mailto', () => {
    expect(mediaAddress(' https://x.test/v ')).toBe('https://x.test/v');
    expect(mediaAddress('//cdn.test/v')).toBe('http://cdn.test/v');
    expect(mediaAddress('')).toBe('');
    expect(mediaAddress('mailto:me@x.test')).toBeNull();
    expect(mediaAddress('vbscript:x')).toBeNull();
  });

  it('plans images (a caption makes a figure), iframes, the read-more break and a plain rule', () => {
    expect(planInsert({ kind: 'image', source: 'https://x.test/a.png', alt: ' A ', caption: '  ' }, true)).toEqual({
      ok: true,
      block: { kind: 'image', src: 'https://x.test/a.png', alt: 'A' },
    });
    expect(planInsert({ kind: 'image', source: 'https://x.test/a.png', caption: ' Cap ' }, true)).toEqual({
      ok: true,
      block: { kind: 'image', src: 'https://x.test/a.png', alt: '', caption: 'Cap' },
    });
    const file = new Blob(['x']);
    expect(planInsert({ kind: 'image', source: file, caption: 'c' }, true)).toEqual({ ok: true, upload: file, alt: '', caption: 'c' });
    expect(planInsert({ kind: 'iframe', src: 'https://v.test/embed/1', width: 540.4, height: -3 }, true)).toEqual({
      ok: true,
      block: { kind: 'iframe', src: 'https://v.test/embed/1', width: 540 },
    });
    expect(planInsert({ kind: 'read-more' }, true)).toEqual({ ok: true, block: { kind: 'rule', readMore: true } });
    expect(planInsert({ kind: 'rule' }, true)).toEqual({ ok: true, block: { kind: 'rule', readMore: false } });
  });

  it('warns: empty data first, then no cursor or selection', () => {
    expect(planInsert({ kind: 'iframe', src: '' }, true)).toEqual({ ok: false, warning: EDITOR_EMPTY_DATA });
    expect(planInsert({ kind: 'iframe', src: 7 }, true)).toEqual({ ok: false, warning: EDITOR_EMPTY_DATA });
    expect(planInsert({ kind: 'iframe', src: 'javascript:alert(1)' }, true)).toEqual({ ok: false, warning: EDITOR_EMPTY_DATA });
    expect(planInsert({ kind: 'image', source: '' }, false)).toEqual({ ok: false, warning: EDITOR_EMPTY_DATA });
    expect(planInsert({ kind: 'image', source: 'https://x.test/a.png' }, false)).toEqual({ ok: false, warning: EDITOR_NO_SELECTION });
    expect(planInsert({ kind: 'read-more' }, false)).toEqual({ ok: false, warning: EDITOR_NO_SELECTION });
    expect(planInsert({ kind: 'nonsense' } as never, true)).toEqual({ ok: false, warning: EDITOR_EMPTY_DATA });
  });
});
