/**
 * Tiny animated GIF89a files in pure TypeScript (no network, no native code): an indexed-colour
 * frame painter and an LZW encoder. Used by the GIF search corpus (routes/gif-search.ts).
 */

export type Rgb = readonly [number, number, number];

export interface GifFrames {
  width: number;
  height: number;
  /** At most 256 colours; padded to a power of two. */
  palette: readonly Rgb[];
  /** One palette index per pixel, row by row, per frame. */
  frames: readonly Uint8Array[];
  /** Frame delay in hundredths of a second. */
  delayCs: number;
}

class ByteWriter {
  private buf = new Uint8Array(4096);
  length = 0;
  byte(b: number): void {
    if (this.length === this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = b & 0xff;
  }
  word(w: number): void {
    this.byte(w);
    this.byte(w >> 8);
  }
  bytes(list: ArrayLike<number>): void {
    for (let i = 0; i < list.length; i++) this.byte(list[i]!);
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** GIF LZW (variable code size, clear at 4096 codes), written as ≤255-byte sub-blocks. */
function writeLzw(out: ByteWriter, minCodeSize: number, pixels: Uint8Array): void {
  out.byte(minCodeSize);
  const block: number[] = [];
  let cur = 0;
  let shift = 0;
  const flush = (all: boolean) => {
    while (shift >= 8 || (all && shift > 0)) {
      block.push(cur & 0xff);
      cur >>>= 8;
      shift = Math.max(0, shift - 8);
      if (block.length === 255) {
        out.byte(255);
        out.bytes(block);
        block.length = 0;
      }
    }
  };
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  let codeSize = minCodeSize + 1;
  let next = eoi + 1;
  let table = new Map<number, number>();
  const emit = (code: number) => {
    cur |= code << shift;
    shift += codeSize;
    flush(false);
  };
  emit(clear);
  let prefix = pixels[0]!;
  for (let i = 1; i < pixels.length; i++) {
    const k = pixels[i]!;
    const key = (prefix << 8) | k;
    const found = table.get(key);
    if (found !== undefined) {
      prefix = found;
      continue;
    }
    emit(prefix);
    if (next === 4096) {
      emit(clear);
      next = eoi + 1;
      codeSize = minCodeSize + 1;
      table = new Map();
    } else {
      if (next >= 1 << codeSize) codeSize++;
      table.set(key, next++);
    }
    prefix = k;
  }
  emit(prefix);
  emit(eoi);
  flush(true);
  if (block.length) {
    out.byte(block.length);
    out.bytes(block);
  }
  out.byte(0);
}

/** Encodes an endlessly looping animated GIF. */
export function encodeGif(g: GifFrames): Uint8Array {
  const bits = Math.max(1, Math.ceil(Math.log2(Math.max(2, g.palette.length))));
  const size = 1 << bits;
  const out = new ByteWriter();
  out.bytes([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]); // GIF89a
  out.word(g.width);
  out.word(g.height);
  out.byte(0x80 | ((bits - 1) << 4) | (bits - 1)); // global colour table
  out.byte(0);
  out.byte(0);
  for (let i = 0; i < size; i++) out.bytes(g.palette[i] ?? [0, 0, 0]);
  // NETSCAPE2.0: loop forever
  out.bytes([0x21, 0xff, 0x0b, ...Array.from('NETSCAPE2.0', (c) => c.charCodeAt(0)), 0x03, 0x01, 0x00, 0x00, 0x00]);
  for (const frame of g.frames) {
    out.bytes([0x21, 0xf9, 0x04, 0x04]); // graphic control: dispose "do not dispose", no transparency
    out.word(g.delayCs);
    out.bytes([0x00, 0x00]);
    out.byte(0x2c);
    out.word(0);
    out.word(0);
    out.word(g.width);
    out.word(g.height);
    out.byte(0);
    writeLzw(out, Math.max(2, bits), frame);
  }
  out.byte(0x3b);
  return out.result();
}

export type GifStyle = 'ball' | 'stripes' | 'pulse' | 'bars' | 'orbit' | 'checker';
export const GIF_STYLES: readonly GifStyle[] = ['ball', 'stripes', 'pulse', 'bars', 'orbit', 'checker'];

/**
 * Paints `frameCount` frames of a simple looping motif. Palette indices: 0 background,
 * 1 background accent, 2–4 shapes, 5 light, 6 dark, 7 mid.
 */
export function paintFrames(style: GifStyle, width: number, height: number, frameCount: number, seed: number): Uint8Array[] {
  const frames: Uint8Array[] = [];
  for (let f = 0; f < frameCount; f++) {
    const px = new Uint8Array(width * height);
    const t = f / frameCount;
    const phase = t * Math.PI * 2;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let c = (x + y + seed) % 97 < 48 ? 0 : 1;
        switch (style) {
          case 'ball': {
            const bx = width * (0.2 + 0.6 * t);
            const by = height * (0.75 - 0.5 * Math.abs(Math.sin(phase)));
            const r = Math.min(width, height) * 0.16;
            if ((x - bx) ** 2 + (y - by) ** 2 < r * r) c = 2;
            else if (y > height * 0.88) c = 6;
            break;
          }
          case 'stripes': {
            const s = Math.floor((x + y + t * 48) / 16) % 3;
            c = s === 0 ? 2 : s === 1 ? 3 : 0;
            break;
          }
          case 'pulse': {
            const r = Math.min(width, height) * (0.18 + 0.14 * Math.sin(phase));
            const d = Math.hypot(x - width / 2, y - height / 2);
            c = d < r ? 4 : d < r + 8 ? 5 : c;
            break;
          }
          case 'bars': {
            const bar = Math.floor(x / (width / 6));
            const h = height * (0.3 + (0.3 * (1 + Math.sin(phase + bar * 1.3 + seed))) / 2 + 0.1);
            c = y > height - h && x % Math.floor(width / 6) > 4 ? 2 + (bar % 3) : c;
            break;
          }
          case 'orbit': {
            const cx = width / 2 + Math.cos(phase) * width * 0.28;
            const cy = height / 2 + Math.sin(phase) * height * 0.28;
            const r = Math.min(width, height) * 0.12;
            if ((x - width / 2) ** 2 + (y - height / 2) ** 2 < (r * 0.8) ** 2) c = 3;
            else if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) c = 2;
            break;
          }
          case 'checker': {
            const cell = 25;
            const off = Math.floor(t * cell * 2);
            c = (Math.floor((x + off) / cell) + Math.floor(y / cell)) % 2 === 0 ? 4 : 7;
            break;
          }
        }
        px[y * width + x] = c;
      }
    }
    frames.push(px);
  }
  return frames;
}
