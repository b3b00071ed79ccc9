/**
 * Photo-post media rules (authoring spec §5 "Other post rules", §9 "Sharing and editor", "Shell
 * and post form"), no DOM: what gets scaled and rotated before upload, the jpg check, where a drop
 * lands, and when dragging near the edge scrolls.
 */
import { MAX_PHOTOS } from './post';

/** Spec §9: images are scaled to at most 1080 px on the long side. */
export const PHOTO_MAX_DIMENSION = 1080;
/** Spec §9: a drop in the top 66% of an item lands before it, below that after it. */
export const MEDIA_DROP_SPLIT = 0.66;
/** Spec §9: dragging within 20% of the viewport's top or bottom scrolls, at most every 50 ms. */
export const DROP_SCROLL_ZONE = 0.2;
export const DROP_SCROLL_THROTTLE_MS = 50;
/** How far one scroll step moves at the very edge (ours: the spec gives no speed). */
export const DROP_SCROLL_STEP_PX = 24;

/** Spec §8 "Image load failure or unreadable file": a failed read for that photo (our wording). */
export const PHOTO_READ_FAILED = 'This photo could not be read. Try another file.';
export const PHOTO_LIMIT_REACHED = `A photo post holds at most ${MAX_PHOTOS} photos.`;
/** What the photo picker accepts (the upload pattern; the server checks the bytes again). */
export const PHOTO_TYPES = /^image\/(jpeg|pjpeg|png|gif|webp|avif|bmp)$/;

/** The size that fits within `max` on the long side, keeping the shape; never larger than the original. */
export function scaleToFit(width: number, height: number, max = PHOTO_MAX_DIMENSION): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const long = Math.max(width, height);
  if (long <= max) return { width: Math.round(width), height: Math.round(height) };
  const k = max / long;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

const isJpegType = (type: string, name: string) => /^image\/p?jpeg$/i.test(type) || (!type && /\.jpe?g$/i.test(name));

/**
 * Spec §5: jpg and png are drawn again (scaled, turned upright); anything else (a GIF keeps its
 * animation) is sent as it is and shown by URL.
 */
export function isRedrawn(file: { type: string; name: string }): boolean {
  return isJpegType(file.type, file.name) || /^image\/png$/i.test(file.type) || (!file.type && /\.png$/i.test(file.name));
}

/** Spec §5: a jpg upload must start with the start-of-image marker (FF D8). */
export function jpegStartsRight(file: { type: string; name: string }, firstBytes: Uint8Array): boolean {
  if (!isJpegType(file.type, file.name)) return true;
  return firstBytes.length >= 2 && firstBytes[0] === 0xff && firstBytes[1] === 0xd8;
}

/** Where a drop onto an item lands: before it in its top 66%, after it below. */
export function dropSide(offsetY: number, height: number): 'before' | 'after' {
  return height > 0 && offsetY > height * MEDIA_DROP_SPLIT ? 'after' : 'before';
}

/** Scrolling while dragging: -1 (up) within the top 20% of the viewport, 1 (down) within the bottom 20%, else 0. */
export function dropScrollDirection(clientY: number, viewportHeight: number): -1 | 0 | 1 {
  if (!(viewportHeight > 0)) return 0;
  if (clientY < viewportHeight * DROP_SCROLL_ZONE) return -1;
  if (clientY > viewportHeight * (1 - DROP_SCROLL_ZONE)) return 1;
  return 0;
}

/** How many of `adding` files fit beside `current` photos (at most 10 in all). */
export function photosThatFit(current: number, adding: number): number {
  return Math.max(0, Math.min(adding, MAX_PHOTOS - current));
}

/** Inserts `items` at `index` (clamped) without changing `list`. */
export function insertAt<T>(list: readonly T[], index: number, items: readonly T[]): T[] {
  const at = Math.max(0, Math.min(list.length, index));
  return [...list.slice(0, at), ...items, ...list.slice(at)];
}
