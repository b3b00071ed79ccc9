/**
 * A post sent as a message (spec §3 Post message content, §5 safe mode and the message type
 * setting, §8 the unavailable post, §9 thumbnail widths and the 60 % full-width rule), no DOM:
 * what kind of post it renders as, its thumbnail, and whether safe mode hides it.
 */
import { isRecord } from '../../models/record';

/** Spec §5: the message type setting accepts only these. */
export const MESSAGE_POST_TYPES = ['photo', 'link', 'quote', 'audio', 'video', 'chat'] as const;
export type PostKind = 'photo' | 'photoset' | 'gif' | 'link' | 'quote' | 'audio' | 'video' | 'chat' | 'post';

export const UNAVAILABLE_POST = "sent a post that's no longer available";
export const NSFW_TEXT = 'This may be NSFW';
export const NSFW_SETTINGS_URL = '/settings/account';
/** Spec §9: post thumbnails are 210 wide; a size is picked at 250 when none is asked for. */
export const POST_THUMB_WIDTH = 210;
export const DEFAULT_SIZE_WIDTH = 250;
/** Spec §9: a bubble wider than 60 % of the list takes the whole width. */
export const FULL_WIDTH_RATIO = 0.6;

export interface ImageSize {
  url: string;
  width: number;
  height: number;
}

export interface PostPhoto {
  original_size?: ImageSize;
  /** Sorted by width (spec §3). */
  alt_sizes: ImageSize[];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Spec §3: a client-side thumbnail only when the URL is non-empty and the sizes are numbers. */
export function clientThumbnail(url: unknown, width: unknown, height: unknown): ImageSize | undefined {
  return typeof url === 'string' && url !== '' && isNum(width) && isNum(height) ? { url, width, height } : undefined;
}

function parseSize(raw: unknown): ImageSize | undefined {
  return isRecord(raw) ? clientThumbnail(raw.url, raw.width, raw.height) : undefined;
}

/** A photo's sizes; alt_sizes sorted by width. Null without any usable size. */
export function parsePhoto(raw: unknown): PostPhoto | null {
  if (!isRecord(raw)) return null;
  const original = parseSize(raw.original_size);
  const alt = (Array.isArray(raw.alt_sizes) ? raw.alt_sizes.map(parseSize).filter((s): s is ImageSize => s !== undefined) : []).sort(
    (a, b) => a.width - b.width,
  );
  if (!original && alt.length === 0) return null;
  return { ...(original ? { original_size: original } : {}), alt_sizes: alt };
}

/** The smallest size at least `width` wide (else the largest there is): sharp without waste. */
export function photoSize(photo: PostPhoto, width = DEFAULT_SIZE_WIDTH): ImageSize | undefined {
  const all = [...photo.alt_sizes, ...(photo.original_size ? [photo.original_size] : [])].sort((a, b) => a.width - b.width);
  return all.find((s) => s.width >= width) ?? all.at(-1);
}

const isGifUrl = (url: string | undefined) => !!url && /\.gif(?:$|[?#])/i.test(url);

/**
 * Spec §3: the kind a post renders as. A photo post with several photos is a photoset; a photo
 * whose thumbnail has a gif extension is a GIF; a type the setting does not accept is a plain post.
 */
export function postKind(post: {
  type?: string | undefined;
  photos?: readonly PostPhoto[] | undefined;
  thumbnail?: ImageSize | undefined;
}): PostKind {
  const type = (post.type ?? '').toLowerCase();
  if (type === 'photo' || type === 'photoset') {
    if ((post.photos?.length ?? 0) > 1) return 'photoset';
    const url = post.thumbnail?.url ?? (post.photos?.[0] ? photoSize(post.photos[0])?.url : undefined);
    return isGifUrl(url) ? 'gif' : 'photo';
  }
  return (MESSAGE_POST_TYPES as readonly string[]).includes(type) ? (type as PostKind) : 'post';
}

/** Spec §5: safe mode hides NSFW posts when both the site flag and the user's setting are on. */
export function hiddenBySafeMode(post: { is_nsfw: boolean }, siteFlag: boolean, userSetting: boolean): boolean {
  return post.is_nsfw && siteFlag && userSetting;
}

/** Spec §9: a bubble wider than 60 % of the list is drawn full width. */
export function isFullWidth(bubbleWidth: number, listWidth: number): boolean {
  return listWidth > 0 && bubbleWidth > listWidth * FULL_WIDTH_RATIO;
}

/** The height of an image shown `width` wide, keeping its shape (square when unknown). */
export function scaledHeight(size: { width: number; height: number } | undefined, width: number): number {
  return size && size.width > 0 && size.height > 0 ? Math.round((size.height / size.width) * width) : width;
}
