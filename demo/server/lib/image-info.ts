/** What an uploaded image is, read from its first bytes (messages and post uploads both check it). */

const ascii = (buf: Uint8Array, at: number, text: string) => [...text].every((ch, i) => buf[at + i] === ch.charCodeAt(0));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether a PNG's chunks (length, type, data, CRC) run from IHDR to IEND and end with the file. */
function pngChunksWhole(buf: Uint8Array, view: DataView): boolean {
  let i = 8;
  let first = true;
  while (i + 12 <= buf.length) {
    const length = view.getUint32(i);
    if (first && !ascii(buf, i + 4, 'IHDR')) return false;
    first = false;
    const next = i + 12 + length;
    if (next > buf.length) return false;
    if (ascii(buf, i + 4, 'IEND')) return next === buf.length;
    i = next;
  }
  return false;
}

/** Whether a GIF's blocks (extensions, images and their sub-blocks) run from its header to the trailer that ends it. */
function gifBlocksWhole(buf: Uint8Array): boolean {
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Past a run of sub-blocks (a length byte, that many bytes, … a zero), or -1 when it runs off the end. */
  const subBlocks = (at: number) => {
    let i = at;
    while (i < buf.length && buf[i] !== 0) i += 1 + buf[i]!;
    return i < buf.length ? i + 1 : -1;
  };
  let i = 13 + colourTable(buf[10] ?? 0);
  while (i >= 0 && i < buf.length) {
    const block = buf[i];
    if (block === 0x3b) return i === buf.length - 1;
    if (block === 0x21) i = subBlocks(i + 2);
    else if (block === 0x2c) i = subBlocks(i + 10 + colourTable(buf[i + 9] ?? 0) + 1);
    else return false;
  }
  return false;
}

/**
 * Width, height and kind of a PNG, GIF or JPEG; null when unreadable. A PNG's chunks and a GIF's
 * blocks must run whole to the end of the file: a signature followed by a page or a script (a
 * polyglot) is not an image.
 */
export function imageInfo(buf: Uint8Array): { kind: 'png' | 'gif' | 'jpeg'; width: number; height: number } | null {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length >= 8 && PNG_SIGNATURE.every((b, i) => buf[i] === b)) {
    if (buf.length < 33 || !pngChunksWhole(buf, view)) return null;
    return { kind: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (buf.length >= 6 && (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a'))) {
    if (buf.length < 14 || !gifBlocksWhole(buf)) return null;
    return { kind: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1]!;
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { kind: 'jpeg', height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      }
      i += 2 + length;
    }
  }
  return null;
}
