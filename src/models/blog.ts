/** <blog-card> data and rules, no DOM: response parsing, address, strip rule, timings. */
import { MalformedResponse } from '../errors';
import type { ThemeParams } from '../session/types';
import { isRecord } from './record';

export const BLOG_CARD_MIN_LOAD_MS = 500; // spec: minimum load time
export const BLOG_CARD_CLOSE_DELAY_MS = 300; // spec: closes 300 ms after the mouse leaves
export const BLOG_CARD_HOVER_INTENT_MS = 150; // ours: a pointer passing over a name does not open a card
export const BLOG_CARD_MIN_STRIP_POSTS = 2; // spec: strip hidden with fewer than 2 posts
export const BLOG_CACHE_MS = 60_000; // ours: blog data is reused for a minute (re-hovering a card shows it at once)

/**
 * The staff-type flags of a blog (authoring spec §6), in the spec's order. Each has its toggle,
 * POST /{flag}/toggle (§7). What they do beyond being shown is the server's: the reference server
 * marks an nsfw or adult blog on its card and page, and a suspended blog's page says so.
 */
export const STAFF_FLAGS = ['spam', 'nsfw', 'adult', 'uniblock', 'suspended'] as const;
export type StaffFlag = (typeof STAFF_FLAGS)[number];
export type StaffFlags = Record<StaffFlag, boolean>;

/** Reads `{ spam, nsfw, adult, uniblock, suspended }`: null unless every flag is a boolean. */
export function parseStaffFlags(raw: unknown): StaffFlags | null {
  if (!isRecord(raw)) return null;
  const flags = {} as StaffFlags;
  for (const flag of STAFF_FLAGS) {
    const value = raw[flag];
    if (typeof value !== 'boolean') return null;
    flags[flag] = value;
  }
  return flags;
}

/** The marks everyone sees on a blog (its card, its page): the flags that are not staff-only. */
export type PublicMark = 'suspended' | 'nsfw' | 'adult';
export const PUBLIC_MARK_LABELS: Readonly<Record<PublicMark, string>> = {
  suspended: 'Suspended',
  nsfw: 'Sensitive content',
  adult: 'Adult content',
};

export function publicMarks(blog: Pick<BlogCardData, 'is_suspended' | 'is_nsfw' | 'is_adult'>): PublicMark[] {
  return (['suspended', 'nsfw', 'adult'] as const).filter((mark) => blog[`is_${mark}`]);
}

export interface HighlightedPost {
  id: string;
  post_url: string;
  type: string;
  summary: string;
  thumbnail_url?: string;
}

export interface BlogCardData {
  name: string;
  uuid: string;
  url: string;
  title: string;
  description_sanitized: string;
  avatar_url?: string;
  avatar_url_48?: string;
  avatar_url_128?: string;
  cname: string | null;
  following: boolean;
  can_subscribe: boolean;
  is_subscribed: boolean;
  can_receive_messages: boolean;
  asks: boolean;
  anonymous_asks: boolean;
  submissions: boolean;
  is_current: boolean;
  /** The current blog blocks this one. */
  is_blocked: boolean;
  /** Marks everyone sees (set by staff). */
  is_suspended: boolean;
  is_nsfw: boolean;
  is_adult: boolean;
  /** Every staff flag: sent only to staff, who get the card's toggles. */
  staff_flags?: StaffFlags;
  global_theme_params: ThemeParams;
  highlighted_posts: HighlightedPost[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const optStr = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function parsePosts(raw: unknown): HighlightedPost[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).flatMap((p) => {
    const id = str(p.id);
    const post_url = str(p.post_url);
    if (!id || !post_url) return [];
    const thumbnail = optStr(p.thumbnail_url);
    return [{ id, post_url, type: str(p.type) || 'text', summary: str(p.summary), ...(thumbnail ? { thumbnail_url: thumbnail } : {}) }];
  });
}

/** Checks a popover response; anything without a blog name is malformed. */
export function parseBlogCard(data: unknown): BlogCardData {
  const blog = isRecord(data) && isRecord(data.tumblelog) ? data.tumblelog : data; // both shapes are seen
  if (!isRecord(blog) || typeof blog.name !== 'string' || blog.name === '') {
    throw new MalformedResponse('Blog popover response has no blog');
  }
  const following = blog.following === true;
  const posts = parsePosts(blog.highlighted_posts ?? (isRecord(data) ? data.highlighted_posts : undefined));
  const avatar = optStr(blog.avatar_url);
  const avatar48 = optStr(blog.avatar_url_48);
  const avatar128 = optStr(blog.avatar_url_128);
  const staffFlags = parseStaffFlags(blog.staff_flags);
  return {
    name: blog.name,
    uuid: str(blog.uuid),
    url: str(blog.url),
    title: str(blog.title) || blog.name,
    description_sanitized: str(blog.description_sanitized),
    ...(avatar ? { avatar_url: avatar } : {}),
    ...(avatar48 ? { avatar_url_48: avatar48 } : {}),
    ...(avatar128 ? { avatar_url_128: avatar128 } : {}),
    cname: optStr(blog.cname) ?? null,
    following,
    can_subscribe: following && blog.can_subscribe !== false,
    is_subscribed: following && blog.is_subscribed === true,
    can_receive_messages: blog.can_receive_messages === true,
    asks: blog.asks === true,
    anonymous_asks: blog.anonymous_asks === true,
    submissions: blog.submissions === true,
    is_current: blog.is_current === true,
    is_blocked: blog.is_blocked === true,
    is_suspended: blog.is_suspended === true,
    is_nsfw: blog.is_nsfw === true,
    is_adult: blog.is_adult === true,
    ...(staffFlags ? { staff_flags: staffFlags } : {}),
    global_theme_params: isRecord(blog.global_theme_params) ? (blog.global_theme_params as ThemeParams) : {},
    highlighted_posts: posts,
  };
}

/** The full address shown on the card: the custom domain, else the blog URL without its scheme. */
export function fullAddress(blog: Pick<BlogCardData, 'cname' | 'url' | 'name'>): string {
  if (blog.cname) return blog.cname.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!blog.url) return `${blog.name}.tumblr.com`;
  return blog.url.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}

/** The address links point at: the custom domain when there is one. */
export function blogHref(blog: Pick<BlogCardData, 'cname' | 'url' | 'name'>): string {
  if (blog.cname) return /^https?:\/\//.test(blog.cname) ? blog.cname : `https://${blog.cname}`;
  return blog.url || `/blog/${encodeURIComponent(blog.name)}`;
}

/**
 * The blog's own ask page ({blog}/ask, messaging spec §2): where "Ask a question" goes when the
 * page turns the in-page form off (the `ask_form` flag).
 */
export function askPageHref(blog: Pick<BlogCardData, 'cname' | 'url' | 'name'>): string {
  return `${blogHref(blog).replace(/\/+$/, '')}/ask`;
}

export function showHighlightedStrip(posts: readonly unknown[]): boolean {
  return posts.length >= BLOG_CARD_MIN_STRIP_POSTS;
}

export const DESCRIPTION_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

/**
 * A description link keeps its href only with an allowed protocol; relative
 * links resolve against the blog's own address. Returns null to drop the href.
 */
export function resolveDescriptionLink(href: string | null | undefined, blogAddress: string): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (trimmed === '') return null;
  let base: URL | undefined;
  try {
    // The blog's address is a folder: "archive" on bob's blog means bob's archive.
    base = new URL(blogAddress.endsWith('/') ? blogAddress : `${blogAddress}/`);
  } catch {
    base = undefined;
  }
  let resolved: URL;
  try {
    resolved = base ? new URL(trimmed, base) : new URL(trimmed);
  } catch {
    return null;
  }
  return (DESCRIPTION_LINK_PROTOCOLS as readonly string[]).includes(resolved.protocol) ? resolved.href : null;
}

export function unfollowConfirmText(blogName: string): string {
  return 'Are you sure you want to unfollow %1$s?'.replace('%1$s', blogName);
}

/** Said to screen readers once a follow or an unfollow went through (ours: the spec has no words). */
export function followSpoken(blogName: string, following: boolean): string {
  return following ? `Following ${blogName}.` : `Unfollowed ${blogName}.`;
}

/** Shown (and said) when a follow or an unfollow failed and the button was put back (spec §8). */
export function followFailedText(blogName: string, following: boolean): string {
  return following ? `Couldn't follow ${blogName}. Try again.` : `Couldn't unfollow ${blogName}. Try again.`;
}

export function blockConfirmText(blogName: string, currentBlog: string): string {
  return `Are you sure you want to block ${blogName} from ${currentBlog}?`;
}

/** Blocking the sender of a message, from its message controls (authoring spec §9). */
export const BLOCK_SENDER_CONFIRM = 'Block messages from this sender?';
export const BLOCK_SENDER_NOTE = "Further messages from their IP address will be blocked too. This can't be undone.";

export const BLOCK_CONFIRM_NOTE = "They won't be able to follow you, send you messages, see you in search, or interact with your posts.";
