/** Post URLs, thumbnails and the JSON shape of a post. */
import { blogUrl } from './links';
import type { PostRow } from './types';

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

/** A post as the API returns it: common fields plus the type-specific content fields. */
export function postJson(origin: string, post: PostRow) {
  return {
    ...parseContent(post),
    id: String(post.id),
    post_id: String(post.id),
    type: post.type,
    state: post.state,
    blog_name: post.blog_name,
    tumblelog_name: post.blog_name,
    post_url: postUrl(origin, post),
    post_tiny_url: `${origin}/p/${post.id}`,
    slug: post.slug,
    timestamp: post.timestamp,
    date: new Date(post.timestamp * 1000).toISOString(),
    note_count: post.note_count,
    reblog_key: post.reblog_key,
    summary: post.summary,
    tags: parseTags(post.tags),
    thumbnail_url: postThumbnail(post),
    is_nsfw: post.is_nsfw === 1,
  };
}

export function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
