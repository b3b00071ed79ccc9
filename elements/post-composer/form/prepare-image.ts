/**
 * A photo made ready for upload (authoring spec §5 "Other post rules"): a jpg or png is decoded
 * upright (`createImageBitmap` with `imageOrientation: 'from-image'` applies the EXIF orientation
 * in Chromium, Firefox and WebKit — no EXIF parser of our own), scaled to at most 1080 px on the
 * long side and encoded again. Encoding again also drops the file's metadata, camera location
 * included. Anything else (a GIF keeps its animation) goes as it is, and is shown by URL.
 */
import { isRedrawn, jpegStartsRight, PHOTO_MAX_DIMENSION, PHOTO_READ_FAILED, scaleToFit } from '../model/photo-media';

export class PhotoReadError extends Error {
  override readonly name = 'PhotoReadError';
  constructor(cause?: unknown) {
    super(PHOTO_READ_FAILED, { cause });
  }
}

export interface PreparedPhoto {
  file: File;
  width: number;
  height: number;
}

function renamed(name: string, type: string): string {
  const ext = type === 'image/png' ? 'png' : 'jpg';
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.${ext}`;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), type, 0.9),
  );
}

/** Reads the size of an image the browser can show (the ones sent as they are). */
async function sizeByUrl(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function prepareImage(file: File, maxDimension = PHOTO_MAX_DIMENSION): Promise<PreparedPhoto> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (!jpegStartsRight(file, head)) throw new PhotoReadError('no start-of-image marker');
  if (!isRedrawn(file)) {
    try {
      return { file, ...(await sizeByUrl(file)) };
    } catch (error) {
      throw new PhotoReadError(error);
    }
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new PhotoReadError(error);
  }
  try {
    const { width, height } = scaleToFit(bitmap.width, bitmap.height, maxDimension);
    if (width === 0 || height === 0) throw new PhotoReadError('an empty image');
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoReadError('no 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const type = file.type === 'image/png' || (!file.type && /\.png$/i.test(file.name)) ? 'image/png' : 'image/jpeg';
    const blob = await encode(canvas, type);
    return { file: new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified }), width, height };
  } finally {
    bitmap.close();
  }
}

/** Only the file to send, for uploads that need no preview (album art, an image in the text). */
export async function prepareImageFile(file: File): Promise<File> {
  return (await prepareImage(file)).file;
}
