import { describe, expect, it } from 'vitest';
import { readId3 } from './id3';

const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
const utf16le = (s: string) => Uint8Array.from([0xff, 0xfe, ...[...s].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const syncsafe = (n: number) => [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];

function frame(major: 2 | 3 | 4, id: string, encoding: number, text: Uint8Array, flags = [0, 0]): Uint8Array {
  const body = cat([encoding], text);
  if (major === 2) return cat(latin1(id), [body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff], body);
  return cat(latin1(id), major === 4 ? syncsafe(body.length) : be32(body.length), flags, body);
}
function tag(major: 2 | 3 | 4, frames: Uint8Array[], flags = 0, padding = 16): Uint8Array {
  const body = cat(...frames, new Array(padding).fill(0));
  return cat(latin1('ID3'), [major, 0, flags], syncsafe(body.length), body);
}

describe('ID3 tags (audio posts fill their empty track fields)', () => {
  it('reads ID3v2.3 title, artist and album in Latin-1 and UTF-16 with a byte-order mark', () => {
    const bytes = tag(3, [
      frame(3, 'TIT2', 0, latin1('Caf\u00e9 Song')),
      frame(3, 'TPE1', 1, utf16le('The Band\u0000')),
      frame(3, 'TALB', 0, latin1('Live  at  Home')),
    ]);
    expect(readId3(bytes)).toEqual({ title: 'Caf\u00e9 Song', artist: 'The Band', album: 'Live at Home' });
  });

  it('reads ID3v2.4 (syncsafe frame sizes, UTF-8, first of several values) and v2.2 (three-letter frames)', () => {
    const utf8 = new TextEncoder();
    expect(
      readId3(tag(4, [frame(4, 'TIT2', 3, utf8.encode('\u65e5\u672c One\u0000Two')), frame(4, 'TPE1', 3, utf8.encode('Ünïcode'))])),
    ).toEqual({ title: '\u65e5\u672c One', artist: 'Ünïcode' });
    expect(readId3(tag(2, [frame(2, 'TT2', 0, latin1('Old')), frame(2, 'TAL', 0, latin1('Tape'))]))).toEqual({
      title: 'Old',
      album: 'Tape',
    });
  });

  it('skips unknown, compressed and cut-off frames, and an unsynchronised tag', () => {
    const compressed = frame(3, 'TIT2', 0, latin1('zipped'), [0, 0x80]);
    expect(readId3(tag(3, [frame(3, 'TXXX', 0, latin1('x')), compressed, frame(3, 'TPE1', 0, latin1('Kept'))]))).toEqual({
      artist: 'Kept',
    });
    expect(readId3(tag(3, [frame(3, 'TIT2', 0, latin1('Hidden'))], 0x80))).toEqual({});
    const whole = tag(3, [frame(3, 'TIT2', 0, latin1('A long title that is cut'))], 0, 0);
    expect(readId3(whole.subarray(0, whole.length - 5))).toEqual({});
  });

  it('falls back to the ID3v1 block at the end; v2 wins where both have a field', () => {
    const v1 = cat(
      latin1('TAG'),
      latin1('Tail Title'.padEnd(30, '\u0000')),
      latin1('Tail Artist'.padEnd(30, '\u0000')),
      latin1(''.padEnd(30, '\u0000')),
      new Array(35).fill(0),
    );
    expect(readId3(new Uint8Array(10), v1)).toEqual({ title: 'Tail Title', artist: 'Tail Artist' });
    expect(readId3(tag(3, [frame(3, 'TIT2', 0, latin1('Head Title'))]), v1)).toEqual({ title: 'Head Title', artist: 'Tail Artist' });
  });

  it('gives nothing for files without tags or with garbage', () => {
    expect(readId3(new Uint8Array(0))).toEqual({});
    expect(readId3(latin1('ID3'))).toEqual({});
    expect(
      readId3(
        Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 0xff),
        new Uint8Array(128),
      ),
    ).toEqual({});
    expect(readId3(cat(latin1('ID3'), [9, 0, 0], syncsafe(10), new Array(10).fill(0x41)))).toEqual({});
  });
});
