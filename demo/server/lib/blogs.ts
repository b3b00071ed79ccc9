/** Blog queries and JSON shapes shared by the routes and the pages. */
import type { Db } from '../db/index';
import { postThumbnail, postUrl } from './posts';
import { avatarUrl, blogUrl } from './links';
import type { BlogRow, PostRow, SessionInfo } from './types';
import type { StaffFlag, StaffFlags } from '../../../src/models/blog';

export type ThemeParams = Record<string, unknown> & {
  background_color: string;
  link_color: string;
  title_color: string;
  title_font: string;
  title_font_weight: string;
  header_image_focused: string;
  avatar_shape: 'circle' | 'square';
  show_header_image: boolean;
  show_avatar: boolean;
  show_title: boolean;
  show_description: boolean;
};

export const BLOG_NAME_RE = /^[a-z0-9][a-z0-9-]{0,63}$/i;

export function getBlog(db: Db, name: string | undefined | null): BlogRow | undefined {
  if (!name || !BLOG_NAME_RE.test(name)) return undefined;
  return db.prepare('SELECT * FROM blogs WHERE name = ?').get(name) as BlogRow | undefined;
}

export function getBlogByUuid(db: Db, uuid: string): BlogRow | undefined {
  return db.prepare('SELECT * FROM blogs WHERE uuid = ?').get(uuid) as BlogRow | undefined;
}

/** Looks a blog up by name or uuid (`t:…`). */
export function findBlog(db: Db, nameOrUuid: string | undefined | null): BlogRow | undefined {
  if (!nameOrUuid) return undefined;
  return nameOrUuid.startsWith('t:') ? getBlogByUuid(db, nameOrUuid) : getBlog(db, nameOrUuid);
}

export function parseTheme(blog: BlogRow): ThemeParams {
  return JSON.parse(blog.theme) as ThemeParams;
}

/** The origin of the current request, e.g. http://localhost:4000. */
export function originOf(requestUrl: string): string {
  return new URL(requestUrl).origin;
}

export function avatarUrls(name: string) {
  return { avatar_url: avatarUrl(name, 128), avatar_url_48: avatarUrl(name, 48), avatar_url_128: avatarUrl(name, 128) };
}

export function ownerOf(db: Db, blogName: string): string | null {
  const row = db.prepare('SELECT user_name FROM user_blogs WHERE blog_name = ?').get(blogName) as { user_name: string } | undefined;
  return row?.user_name ?? null;
}

export interface FollowState {
  following: boolean;
  subscribed: boolean;
}

export function followState(db: Db, follower: string | null, followed: string): FollowState {
  if (!follower) return { following: false, subscribed: false };
  const row = db.prepare('SELECT subscribed FROM follows WHERE follower_blog = ? AND followed_blog = ?').get(follower, followed) as
    { subscribed: number } | undefined;
  return { following: row !== undefined, subscribed: row?.subscribed === 1 };
}

export function isBlocked(db: Db, blocker: string, blocked: string): boolean {
  return db.prepare('SELECT 1 FROM blocks WHERE blocker_blog = ? AND blocked_blog = ?').get(blocker, blocked) !== undefined;
}

export function postCount(db: Db, blogName: string): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM posts WHERE blog_name = ? AND state = 'published'").get(blogName) as { n: number }).n;
}

export function followerCount(db: Db, blogName: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM follows WHERE followed_blog = ?').get(blogName) as { n: number }).n;
}

export interface HighlightedPost {
  id: string;
  post_url: string;
  type: string;
  summary: string;
  thumbnail_url: string;
  note_count: number;
  blog_name: string;
  reblog_key: string;
  timestamp: number;
}

export function highlightedPosts(db: Db, origin: string, blogName: string, limit = 6): HighlightedPost[] {
  const rows = db
    .prepare("SELECT * FROM posts WHERE blog_name = ? AND state = 'published' ORDER BY timestamp DESC, id DESC LIMIT ?")
    .all(blogName, limit) as PostRow[];
  return rows.map((p) => ({
    id: String(p.id),
    post_url: postUrl(origin, p),
    type: p.type,
    summary: p.summary,
    thumbnail_url: postThumbnail(p),
    note_count: p.note_count,
    blog_name: p.blog_name,
    reblog_key: p.reblog_key,
    timestamp: p.timestamp,
  }));
}

/** The fields every blog summary carries (lists, participants, channels). */
export function blogBasics(origin: string, blog: BlogRow) {
  const url = blogUrl(origin, blog.name);
  return {
    name: blog.name,
    uuid: blog.uuid,
    url,
    tumblr_url: url,
    title: blog.title,
    ...avatarUrls(blog.name),
    cname: blog.cname,
    is_messaging_bot: blog.is_messaging_bot === 1,
    global_theme_params: parseTheme(blog),
  };
}

/** Each staff flag's column in `blogs` (authoring spec §6; routes/staff.ts flips them). */
export const STAFF_FLAG_COLUMNS: Readonly<Record<StaffFlag, 'is_spam' | 'is_nsfw' | 'is_adult' | 'is_uniblocked' | 'is_suspended'>> = {
  spam: 'is_spam',
  nsfw: 'is_nsfw',
  adult: 'is_adult',
  uniblock: 'is_uniblocked',
  suspended: 'is_suspended',
};

export function staffFlags(blog: BlogRow): StaffFlags {
  return {
    spam: blog.is_spam === 1,
    nsfw: blog.is_nsfw === 1,
    adult: blog.is_adult === 1,
    uniblock: blog.is_uniblocked === 1,
    suspended: blog.is_suspended === 1,
  };
}

export function isStaff(session: SessionInfo): boolean {
  return session.user?.is_staff === 1;
}

/** The blog-card (tumblelog popover) response, seen as the session's current blog. */
export function blogPopover(db: Db, origin: string, blog: BlogRow, session: SessionInfo) {
  const current = session.primaryBlog;
  const { following, subscribed } = followState(db, current, blog.name);
  const isCurrent = session.blogs.includes(blog.name);
  return {
    ...blogBasics(origin, blog),
    description_sanitized: blog.description_sanitized,
    directory_safe_title: blog.title,
    mention_key: blog.uuid,
    tumblelog_name_or_id: blog.name,
    following: session.user ? following : false,
    can_subscribe: session.user ? following : false,
    is_subscribed: session.user ? subscribed : false,
    can_receive_messages: blog.can_receive_messages === 1,
    asks: blog.asks === 1,
    anonymous_asks: blog.asks === 1 && blog.anonymous_asks === 1,
    submissions: blog.submissions === 1,
    is_current: isCurrent,
    customizable: isCurrent,
    is_blocked: current ? isBlocked(db, current, blog.name) : false,
    // Everyone sees these marks; staff also get every flag, for their toggles.
    is_suspended: blog.is_suspended === 1,
    is_nsfw: blog.is_nsfw === 1,
    is_adult: blog.is_adult === 1,
    ...(isStaff(session) ? { staff_flags: staffFlags(blog) } : {}),
    has_default_header: false,
    post_count: postCount(db, blog.name),
    highlighted_posts: highlightedPosts(db, origin, blog.name, 6),
  };
}

/** One entry of the bootstrap `channels` list (a blog the user owns). */
export function channelInfo(origin: string, blog: BlogRow, isCurrent: boolean, canMessage: boolean) {
  return {
    name: blog.name,
    uuid: blog.uuid,
    title: blog.title,
    url: blogUrl(origin, blog.name),
    avatar_url: avatarUrl(blog.name, 128),
    is_current: isCurrent,
    unread_count: 0,
    can_send_messages: canMessage && blog.can_receive_messages === 1,
    global_theme_params: parseTheme(blog),
    // The poll asks by mention key (the blog's uuid here) and leaves bots out (messaging spec §7).
    mention_key: blog.uuid,
    is_messaging_bot: blog.is_messaging_bot === 1,
  };
}
