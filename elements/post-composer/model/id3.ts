/**
 * The track title, artist and album written in an audio file (authoring spec §3 audio trackTitle,
 * trackArtist, trackAlbum; sent as id3_tags[title|artist|album]), so choosing a file fills the
 * fields the user left empty. Reads ID3v2.2/2.3/2.4 text frames from the file's start and, failing
 * those, the ID3v1 block at its end. Unsynchronised tags and compressed or encrypted frames are
 * skipped (rare in practice); whatever is not read is simply left for the user to type.
 *
 * Pure: works on bytes the caller read (no File, no DOM). About 80 lines where a metadata library
 * (music-metadata and the like) would add tens of kilobytes for three strings.
 */

export interface Id3Tags {
  title?: string;
  artist?: string;
  album?: string;
}

/** How much of the file's start to read: tags larger than this (big cover art first) are cut off. */
export const ID3_HEAD_BYTES = 256 * 1024;
export const ID3V1_BYTES = 128;

const FRAMES: Record<string, keyof Id3Tags> = { TIT2: 'title', TPE1: 'artist', TALB: 'album', TT2: 'title', TP1: 'artist', TAL: 'album' };

const syncsafe = (b: Uint8Array, at: number) =>
  ((b[at]! & 0x7f) << 21) | ((b[at + 1]! & 0x7f) << 14) | ((b[at + 2]! & 0x7f) << 7) | (b[at + 3]! & 0x7f);
const uint32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

function decode(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return '';
  }
}

/** A text frame's first value: its encoding byte, then the text (v2.4 separates values with NUL). */
function textFrame(body: Uint8Array): string {
  const encoding = body[0];
  const rest = body.subarray(1);
  let text: string;
  if (encoding === 1) {
    const le = rest[0] === 0xff && rest[1] === 0xfe;
    const be = rest[0] === 0xfe && rest[1] === 0xff;
    text = decode(le || be ? rest.subarray(2) : rest, be ? 'utf-16be' : 'utf-16le');
  } else if (encoding === 2) text = decode(rest, 'utf-16be');
  else if (encoding === 3) text = decode(rest, 'utf-8');
  else text = decode(rest, 'latin1');
  return clean(text.split('\u0000')[0] ?? '');
}

const clean = (s: string) =>
  s
    .replace(/\uFEFF/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);

function readV2(b: Uint8Array): Id3Tags {
  const out: Id3Tags = {};
  if (b.length < 10 || ascii(b, 0, 3) !== 'ID3') return out;
  const major = b[3]!;
  const flags = b[5]!;
  if (major < 2 || major > 4 || flags & 0x80) return out; // unsynchronised: not read
  const end = Math.min(b.length, 10 + syncsafe(b, 6));
  let at = 10;
  if (major >= 3 && flags & 0x40) at += major === 4 ? syncsafe(b, 10) : 4 + uint32(b, 10);
  const idLength = major === 2 ? 3 : 4;
  const header = major === 2 ? 6 : 10;
  while (at + header <= end) {
    const id = ascii(b, at, idLength);
    if (!/^[A-Z0-9]+$/.test(id)) break; // padding
    const size = major === 2 ? (b[at + 3]! << 16) | (b[at + 4]! << 8) | b[at + 5]! : major === 4 ? syncsafe(b, at + 4) : uint32(b, at + 4);
    const frameFlags = major === 2 ? 0 : b[at + 9]!;
    const field = FRAMES[id];
    // v2.3 compression/encryption are 0x80/0x40 of the second flag byte; v2.4 uses 0x08/0x04 (and 0x02 unsync).
    const unreadable = major === 3 ? frameFlags & 0xc0 : major === 4 ? frameFlags & 0x0e : 0;
    if (field && !out[field] && !unreadable && size > 1 && at + header + size <= end) {
      const value = textFrame(b.subarray(at + header, at + header + size));
      if (value) out[field] = value;
    }
    if (size <= 0) break;
    at += header + size;
  }
  return out;
}

function readV1(b: Uint8Array): Id3Tags {
  if (b.length < ID3V1_BYTES) return {};
  const t = b.subarray(b.length - ID3V1_BYTES);
  if (ascii(t, 0, 3) !== 'TAG') return {};
  const field = (at: number) => clean(decode(t.subarray(at, at + 30), 'latin1').split('\u0000')[0] ?? '');
  const out: Id3Tags = {};
  const [title, artist, album] = [field(3), field(33), field(63)];
  if (title) out.title = title;
  if (artist) out.artist = artist;
  if (album) out.album = album;
  return out;
}

/** The tags in a file's first bytes (`head`) and, for ID3v1, its last 128 (`tail`). */
export function readId3(head: Uint8Array, tail?: Uint8Array): Id3Tags {
  const v2 = readV2(head);
  const v1 = tail ? readV1(tail) : {};
  return { ...v1, ...v2 };
}
