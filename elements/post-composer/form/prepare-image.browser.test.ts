/**
 * prepareImage (elements/post-composer/form/prepare-image.ts) in each engine, on JPEGs this setup makes: a 40×20
 * picture in four coloured quarters, saved by the canvas, with an EXIF APP1 segment written in for
 * each of the eight orientations. The prepared photo must come out upright: the right size
 * (turned for 5–8) and each quarter's colour where a viewer sees it. Also the 1080 px scale, png
 * staying png, a GIF sent as it is, and a "jpg" that is not one.
 */
import { expect } from '@open-wc/testing';
import { prepareImage, PhotoReadError } from './prepare-image';
import { PHOTO_READ_FAILED } from '../model/photo-media';

type Colour = 'R' | 'G' | 'B' | 'Y';
const RGB: Record<Colour, [number, number, number]> = { R: [255, 0, 0], G: [0, 255, 0], B: [0, 0, 255], Y: [255, 255, 0] };

/** Stored quarters TL, TR, BL, BR → where a viewer sees them, per EXIF orientation (TIFF 6.0). */
const UPRIGHT: Record<number, [Colour, Colour, Colour, Colour]> = {
  1: ['R', 'G', 'B', 'Y'],
  2: ['G', 'R', 'Y', 'B'],
  3: ['Y', 'B', 'G', 'R'],
  4: ['B', 'Y', 'R', 'G'],
  5: ['R', 'B', 'G', 'Y'],
  6: ['B', 'R', 'Y', 'G'],
  7: ['Y', 'G', 'B', 'R'],
  8: ['G', 'Y', 'R', 'B'],
};

function quarters(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const c = canvas.getContext('2d')!;
  const fill = (colour: Colour, x: number, y: number) => {
    c.fillStyle = `rgb(${RGB[colour].join(',')})`;
    c.fillRect(x, y, width / 2, height / 2);
  };
  fill('R', 0, 0);
  fill('G', width / 2, 0);
  fill('B', 0, height / 2);
  fill('Y', width / 2, height / 2);
  return canvas;
}

const toBlob = (canvas: HTMLCanvasElement, type: string) => new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), type, 1));

/** An EXIF APP1 segment holding only the orientation tag (big-endian TIFF, one IFD entry). */
function exifOrientation(orientation: number): Uint8Array {
  const b = new Uint8Array(36);
  const v = new DataView(b.buffer);
  v.setUint16(0, 0xffe1);
  v.setUint16(2, 34); // the segment's length, counting these two bytes
  b.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // "Exif\0\0"
  b.set([0x4d, 0x4d, 0x00, 0x2a], 10); // "MM", 42
  v.setUint32(14, 8); // IFD0 right after the header
  v.setUint16(18, 1); // one entry
  v.setUint16(20, 0x0112); // Orientation
  v.setUint16(22, 3); // SHORT
  v.setUint32(24, 1); // one value
  v.setUint16(28, orientation);
  v.setUint32(32, 0); // no next IFD
  return b;
}

async function jpegWithOrientation(orientation: number): Promise<File> {
  const jpeg = new Uint8Array(await (await toBlob(quarters(40, 20), 'image/jpeg')).arrayBuffer());
  const out = new Uint8Array(jpeg.length + 36);
  out.set(jpeg.subarray(0, 2)); // SOI
  out.set(exifOrientation(orientation), 2);
  out.set(jpeg.subarray(2), 38);
  return new File([out], `o${orientation}.jpg`, { type: 'image/jpeg' });
}

async function coloursOf(file: Blob): Promise<{ width: number; height: number; at: Colour[] }> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const c = canvas.getContext('2d')!;
  c.drawImage(bitmap, 0, 0);
  const nearest = (x: number, y: number): Colour => {
    const [r, g, b] = c.getImageData(x, y, 1, 1).data;
    let best: Colour = 'R';
    let bestDistance = Infinity;
    for (const [name, [R, G, B]] of Object.entries(RGB) as [Colour, [number, number, number]][]) {
      const d = (r! - R) ** 2 + (g! - G) ** 2 + (b! - B) ** 2;
      if (d < bestDistance) [best, bestDistance] = [name, d];
    }
    return best;
  };
  const w = bitmap.width;
  const h = bitmap.height;
  // The middle of each quarter: far from the edges, where JPEG blurs colours into each other.
  return {
    width: w,
    height: h,
    at: [nearest(w / 4, h / 4), nearest((3 * w) / 4, h / 4), nearest(w / 4, (3 * h) / 4), nearest((3 * w) / 4, (3 * h) / 4)],
  };
}

describe('prepareImage', () => {
  for (let orientation = 1; orientation <= 8; orientation++) {
    it(`turns an EXIF orientation ${orientation} jpg upright`, async () => {
      const prepared = await prepareImage(await jpegWithOrientation(orientation));
      expect(prepared.file.type).to.equal('image/jpeg');
      const turned = orientation >= 5;
      expect([prepared.width, prepared.height]).to.deep.equal(turned ? [20, 40] : [40, 20]);
      const seen = await coloursOf(prepared.file);
      expect([seen.width, seen.height]).to.deep.equal([prepared.width, prepared.height]);
      expect(seen.at).to.deep.equal(UPRIGHT[orientation]);
    });
  }

  it('scales to 1080 on the long side, and drops the metadata (the file is encoded again)', async () => {
    const big = new File([await toBlob(quarters(3000, 1500), 'image/jpeg')], 'big.jpeg', { type: 'image/jpeg' });
    const prepared = await prepareImage(big);
    expect([prepared.width, prepared.height]).to.deep.equal([1080, 540]);
    expect(prepared.file.name).to.equal('big.jpg');
    const withExif = await prepareImage(await jpegWithOrientation(6));
    const bytes = new Uint8Array(await withExif.file.arrayBuffer());
    const hasExif = bytes.some(
      (_, i) => bytes[i] === 0x45 && bytes[i + 1] === 0x78 && bytes[i + 2] === 0x69 && bytes[i + 3] === 0x66 && bytes[i + 4] === 0,
    );
    expect(hasExif).to.equal(false);
  });

  it('keeps a png a png', async () => {
    const png = new File([await toBlob(quarters(40, 20), 'image/png')], 'p.png', { type: 'image/png' });
    const prepared = await prepareImage(png);
    expect(prepared.file.type).to.equal('image/png');
    expect((await coloursOf(prepared.file)).at).to.deep.equal(UPRIGHT[1]);
  });

  it('sends a GIF as it is, sized by URL', async () => {
    const gif = Uint8Array.from(atob('R0lGODlhAgABAIAAAP8AAAAA/yH5BAAAAAAALAAAAAACAAEAAAICRAoAOw=='), (ch) => ch.charCodeAt(0));
    const file = new File([gif], 'dot.gif', { type: 'image/gif' });
    const prepared = await prepareImage(file);
    expect(prepared.file).to.equal(file);
    expect([prepared.width, prepared.height]).to.deep.equal([2, 1]);
  });

  it('a "jpg" without the start-of-image marker, or a broken image, is a failed read', async () => {
    for (const file of [
      new File(['not a jpeg'], 'fake.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'broken.png', { type: 'image/png' }),
    ]) {
      let error: unknown;
      try {
        await prepareImage(file);
      } catch (e) {
        error = e;
      }
      expect(error instanceof PhotoReadError).to.equal(true);
      expect((error as Error).message).to.equal(PHOTO_READ_FAILED);
    }
  });
});
