/** Post URLs, thumbnails and the JSON shape of a post. */
import { blogUrl } from './links';
import type { PostRow, SessionInfo } from './types';

export function postUrl(origin: string, post: Pick<PostRow, 'id' | 'blog_name' | 'slug'>): string {
  return `${blogUrl(origin, post.blog_name)}/post/${post.id}${post.slug ? `/${post.slug}` : ''}`;
}

export function postThumbnail(post: Pick<PostRow, 'id'>): string {
  return `/assets/post/${post.id}.svg`;
}

export function parseContent(post: PostRow): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(post.content);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Whether `session` may see (and so like, reply to, reblog, share or message) `post`: anyone a
 * published post, only its owner a draft, a queued, scheduled, private or submitted one.
 */
export function isVisibleTo(post: Pick<PostRow, 'state' | 'blog_name'>, session: Pick<SessionInfo, 'blogs'>): boolean {
  return post.state === 'published' || session.blogs.includes(post.blog_name);
}

/** The dashboard: published posts of the blogs the primary blog follows, and of the user's own blogs. */
export function dashboardWhere(ownedList: string): string {
  return `p.state IN ('published', 'private') AND (p.blog_name IN (${ownedList}) OR (p.state = 'published' AND EXISTS (SELECT 1 FROM follows f WHERE f.followed_blog = p.blog_name AND f.follower_blog = @primary)))
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_blog = @primary AND b.blocked_blog = p.blog_name)`;
}
