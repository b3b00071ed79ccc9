/**
 * The blog preview drawer (peepr; messaging spec §2, §3 "Peepr response", §4 "Peepr", §9 "Peepr"):
 * its constants, its paging arithmetic, where its ad slots go (the ad numbers themselves, shared
 * with the page's sidebar unit, are in src/ads/model.ts) and the reading of /svc/indash_blog
 * answers. No DOM, no React.
 */
import { MalformedResponse } from '../../../src/errors';
import { isRecord } from '../../../src/models/record';
import type { ActionPost } from '../../../src/post-actions/model';
import { isBlogName, isPostId } from '../../../src/models/names';

export const PEEPR = {
  pageSize: 10,
  singlePostPageSize: 1,
  /** Autopaging: px above the bottom, throttle, and the near-bottom buffer as a share of the window height. */
  autopagerOffset: 175,
  autopagerThrottleMs: 200,
  nearBottomBuffer: 0.666,
  paginationThrottleMs: 500,
  introMs: 1000,
  /** The header fades out over the first 2000 px of scroll. */
  headerFadeEnd: 2000,
  removalMs: 500,
  replacementDelayMs: 400,
  videoMaxLoops: 10,
} as const;

/** How many posts a page asks for: 1 when the drawer opened on a single post. */
export function pageSize(singlePost: boolean): number {
  return singlePost ? PEEPR.singlePostPageSize : PEEPR.pageSize;
}

/** 'Fetched everything' when a page returns fewer posts than it asked for. */
export function fetchedEverything(received: number, limit: number): boolean {
  return received < limit;
}

/**
 * Whether the list is near enough to its bottom to load the next page: within the autopager
 * offset plus the near-bottom buffer (66.6% of the window height).
 */
export function nearBottom(scroll: { top: number; height: number; viewport: number }, windowHeight: number): boolean {
  const remaining = scroll.height - (scroll.top + scroll.viewport);
  return remaining <= PEEPR.autopagerOffset + PEEPR.nearBottomBuffer * windowHeight;
}

/** An ad goes after the post at this 1-based position when position mod 10 is 2 (2, 12, 22 …). */
export function adAfter(position: number): boolean {
  return position % 10 === 2;
}

/** The header's opacity at a scroll position: 1 at the top, 0 from 2000 px down. */
export function headerOpacity(scrollTop: number): number {
  return Math.max(0, Math.min(1, 1 - scrollTop / PEEPR.headerFadeEnd));
}

// ---------------------------------------------------------------------------------------------
// Reading the answers

export interface PhotoSize {
  url: string;
  width: number;
  height: number;
}

export interface DrawerPhoto {
  original_size: PhotoSize;
  /** Sorted by width, narrowest first. */
  alt_sizes: PhotoSize[];
  caption: string;
  alt: string;
}

export interface DrawerPost extends ActionPost {
  post_id: string;
  type: string;
  tumblelog_name: string;
  post_url: string;
  post_tiny_url: string;
  timestamp: number;
  note_count: number;
  tags: string[];
  is_nsfw: boolean;
  photos: DrawerPhoto[];
  /** Type-specific fields, as the server gave them (title, body, text, url, dialogue …). */
  content: Record<string, unknown>;
}

export interface DrawerBlog {
  name: string;
  uuid: string;
  title: string;
  description: string;
  url: string;
  avatar_url: string;
  following: boolean;
  can_subscribe: boolean;
  is_subscribed: boolean;
  is_mine: boolean;
  global_theme_params: Record<string, unknown>;
}

export interface PeeprPage {
  posts: DrawerPost[];
  blog: DrawerBlog | null;
  ad: Record<string, unknown> | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const num = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0;

function size(v: unknown): PhotoSize | null {
  if (!isRecord(v) || !str(v.url)) return null;
  return { url: str(v.url), width: num(v.width), height: num(v.height) };
}

function photo(v: unknown): DrawerPhoto | null {
  if (!isRecord(v)) return null;
  const original = size(v.original_size) ?? size(v);
  if (!original) return null;
  const alt = (Array.isArray(v.alt_sizes) ? v.alt_sizes : [])
    .map(size)
    .filter((s): s is PhotoSize => s !== null)
    .sort((a, b) => a.width - b.width);
  return { original_size: original, alt_sizes: alt, caption: str(v.caption), alt: str(v.alt) };
}

/** One post of an indash_blog or blog_search answer; null when it cannot be shown (no id or blog). */
export function readDrawerPost(v: unknown): DrawerPost | null {
  if (!isRecord(v)) return null;
  const id = str(v.id) || str(v.post_id);
  const blog = str(v.tumblelog_name) || str(v.tumblelog);
  if (!id || !blog) return null;
  const source =
    isRecord(v.reblog_source) && str(v.reblog_source.name)
      ? { name: str(v.reblog_source.name), following: v.reblog_source.following === true }
      : undefined;
  return {
    id,
    post_id: id,
    root_id: str(v.root_id) || id,
    reblog_key: str(v.reblog_key),
    placement_id: str(v.placement_id),
    pt: str(v.pt),
    type: str(v.type) || 'text',
    liked: v.liked === true,
    reblogged: v.reblogged === true,
    is_mine: v.is_mine === true,
    tumblelog: blog,
    tumblelog_name: blog,
    tumblelog_key: str(v.tumblelog_key),
    tumblelog_uuid: str(v.tumblelog_uuid),
    post_url: str(v.post_url),
    post_tiny_url: str(v.post_tiny_url),
    following: v.following === true,
    ...(source ? { reblog_source: source } : {}),
    timestamp: num(v.timestamp),
    note_count: num(v.note_count),
    tags: (Array.isArray(v.tags) ? v.tags : []).map(str).filter(Boolean),
    is_nsfw: v.is_nsfw === true,
    photos: (Array.isArray(v.photos) ? v.photos : []).map(photo).filter((p): p is DrawerPhoto => p !== null),
    content: isRecord(v.content) ? v.content : {},
  };
}

export function readDrawerBlog(v: unknown): DrawerBlog | null {
  if (!isRecord(v) || !str(v.name)) return null;
  return {
    name: str(v.name),
    uuid: str(v.uuid),
    title: str(v.title),
    description: str(v.description_sanitized) || str(v.description),
    url: str(v.url),
    avatar_url: str(v.avatar_url),
    following: v.following === true,
    can_subscribe: v.can_subscribe === true,
    is_subscribed: v.is_subscribed === true,
    is_mine: v.is_mine === true,
    global_theme_params: isRecord(v.global_theme_params) ? v.global_theme_params : {},
  };
}

/** GET /svc/indash_blog/posts: response.posts, response.tumblelog, response.peepr_ad (read at response or the root). */
export function readPeeprPage(data: unknown): PeeprPage {
  const root = isRecord(data) && isRecord(data.response) ? data.response : data;
  if (!isRecord(root) || !Array.isArray(root.posts)) throw new MalformedResponse('Peepr answer without a posts list');
  return {
    posts: root.posts.map(readDrawerPost).filter((p): p is DrawerPost => p !== null),
    blog: readDrawerBlog(root.tumblelog),
    ad: isRecord(root.peepr_ad) ? root.peepr_ad : null,
  };
}

/** The best photo size for a display width: the narrowest at least that wide, else the original. */
export function photoSizeFor(p: DrawerPhoto, width: number): PhotoSize {
  return p.alt_sizes.find((s) => s.width >= width) ?? p.original_size;
}

// ---------------------------------------------------------------------------------------------
// Opening and keys

export interface PeeprTarget {
  blogName: string;
  postId?: string;
}

/**
 * What a page element marked for the drawer names: `data-peepr` holds JSON
 * `{"tumblelog": name, "postId": id}` (also `tumblelog_name_or_id`, `post_id`) or a plain blog name.
 * Null when it names nothing usable (the link then opens in a new window).
 */
export function readPeeprMark(value: string | null | undefined): PeeprTarget | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (isBlogName(text)) return { blogName: text };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  return peeprTarget(data);
}

/** A request's or a mark's detail as a target; null when the blog name or the post id is malformed. */
export function peeprTarget(data: unknown): PeeprTarget | null {
  if (!isRecord(data)) return null;
  const blog = str(data.blogName) || str(data.tumblelog) || str(data.tumblelog_name_or_id);
  const post = str(data.postId) || str(data.post_id);
  if (!isBlogName(blog) || (post && !isPostId(post))) return null;
  return post ? { blogName: blog, postId: post } : { blogName: blog };
}

/** The page parameters that open the drawer on load: `peepr` (a blog) and an optional `post_id`. */
export function targetFromSearch(search: string): PeeprTarget | null {
  const params = new URLSearchParams(search);
  const blog = params.get('peepr');
  if (!blog) return null;
  return peeprTarget({ blogName: blog, postId: params.get('post_id') ?? '' });
}

export type PeeprCommand = 'next' | 'previous' | 'like' | 'reblog' | 'share' | 'top' | 'open-source';

/** The drawer's single keys (messaging spec §2): j, k, l, r, s, period and Enter, with no modifier. */
export function peeprCommand(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): PeeprCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'l':
      return 'like';
    case 'r':
      return 'reblog';
    case 's':
      return 'share';
    case '.':
      return 'top';
    case 'Enter':
      return 'open-source';
    default:
      return null;
  }
}
