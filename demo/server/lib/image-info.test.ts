/** imageInfo (lib/image-info.ts): real images are read; a signature in front of something else is not an image. */
import { describe, expect, it } from 'vitest';
import { PNG } from '../app.test-helpers';
import { GIF_STYLES, encodeGif, paintFrames } from './gif';
import { imageInfo } from './image-info';

const bytes = (base64: string) => Uint8Array.from(Buffer.from(base64, 'base64'));
/** A 2×1 GIF89a with a graphic control extension (as browsers' canvas code and editors write them). */
const GIF_2x1 = bytes('R0lGODlhAgABAIAAAP8AAAAA/yH5BAAAAAAALAAAAAACAAEAAAICRAoAOw==');
/** A 2×2 GIF from ffmpeg: a 256-colour table, a NETSCAPE application extension. */
const GIF_FFMPEG = bytes(
  'R0lGODlhAgACAPcfMQAAACQAAEgAAGwAAJAAALQAANgAAPwAAAAkACQkAEgkAGwkAJAkALQkANgkAPwkAABIACRIAEhIAGxIAJBIALRIANhIAPxIAABsACRsAEhsAGxsAJBsALRsANhsAPxsAACQACSQAEiQAGyQAJCQALSQANiQAPyQAAC0ACS0AEi0AGy0AJC0ALS0ANi0APy0AADYACTYAEjYAGzYAJDYALTYANjYAPzYAAD8ACT8AEj8AGz8AJD8ALT8ANj8APz8AAAAVSQAVUgAVWwAVZAAVbQAVdgAVfwAVQAkVSQkVUgkVWwkVZAkVbQkVdgkVfwkVQBIVSRIVUhIVWxIVZBIVbRIVdhIVfxIVQBsVSRsVUhsVWxsVZBsVbRsVdhsVfxsVQCQVSSQVUiQVWyQVZCQVbSQVdiQVfyQVQC0VSS0VUi0VWy0VZC0VbS0Vdi0Vfy0VQDYVSTYVUjYVWzYVZDYVbTYVdjYVfzYVQD8VST8VUj8VWz8VZD8VbT8Vdj8Vfz8VQAAqiQAqkgAqmwAqpAAqrQAqtgAqvwAqgAkqiQkqkgkqmwkqpAkqrQkqtgkqvwkqgBIqiRIqkhIqmxIqpBIqrRIqthIqvxIqgBsqiRsqkhsqmxsqpBsqrRsqthsqvxsqgCQqiSQqkiQqmyQqpCQqrSQqtiQqvyQqgC0qiS0qki0qmy0qpC0qrS0qti0qvy0qgDYqiTYqkjYqmzYqpDYqrTYqtjYqvzYqgD8qiT8qkj8qmz8qpD8qrT8qtj8qvz8qgAA/yQA/0gA/2wA/5AA/7QA/9gA//wA/wAk/yQk/0gk/2wk/5Ak/7Qk/9gk//wk/wBI/yRI/0hI/2xI/5BI/7RI/9hI//xI/wBs/yRs/0hs/2xs/5Bs/7Rs/9hs//xs/wCQ/ySQ/0iQ/2yQ/5CQ/7SQ/9iQ//yQ/wC0/yS0/0i0/2y0/5C0/7S0/9i0//y0/wDY/yTY/0jY/2zY/5DY/7TY/9jY//zY/wD8/yT8/0j8/2z8/5D8/7T8/9j8//z8/yH/C05FVFNDQVBFMi4wAwEAAAAh+QQEAAAfACwAAAAAAgACAAAIBgABARsYEAA7',
);
const JPEG_2x2 = bytes(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAACAAIDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCLAFF/f//Z',
);
const text = (s: string) => Uint8Array.from(Buffer.from(s));
const join = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

describe('imageInfo', () => {
  it('reads real PNG, GIF and JPEG files', () => {
    expect(imageInfo(PNG)).toEqual({ kind: 'png', width: 1, height: 1 });
    expect(imageInfo(GIF_2x1)).toEqual({ kind: 'gif', width: 2, height: 1 });
    expect(imageInfo(GIF_FFMPEG)).toEqual({ kind: 'gif', width: 2, height: 2 });
    expect(imageInfo(JPEG_2x2)).toEqual({ kind: 'jpeg', width: 2, height: 2 });
  });

  it("reads the demo's own animated GIFs (lib/gif.ts)", () => {
    for (const style of GIF_STYLES) {
      const palette = Array.from({ length: 8 }, (_, i) => [i * 30, 255 - i * 30, 128] as const);
      const gif = encodeGif({ width: 40, height: 30, palette, frames: paintFrames(style, 40, 30, 4, 7), delayCs: 8 });
      expect(imageInfo(gif), style).toEqual({ kind: 'gif', width: 40, height: 30 });
    }
  });

  it('refuses a signature with something else behind it, and a file cut short', () => {
    const page = text('<!doctype html><script>alert(1)</script>');
    expect(imageInfo(join(PNG.subarray(0, 8), page))).toBeNull();
    expect(imageInfo(join(PNG, page)), 'a page after IEND').toBeNull();
    expect(imageInfo(PNG.subarray(0, PNG.length - 12)), 'no IEND').toBeNull();
    expect(imageInfo(text('GIF89a=1;alert(document.cookie);')), 'the GIF/JavaScript polyglot').toBeNull();
    expect(imageInfo(join(GIF_2x1, page)), 'a page after the trailer').toBeNull();
    expect(imageInfo(GIF_2x1.subarray(0, GIF_2x1.length - 1)), 'no trailer').toBeNull();
    expect(imageInfo(join(JPEG_2x2.subarray(0, 2), page))).toBeNull();
  });
});
