/** Post URLs, thumbnails and the JSON shape of a post. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index';
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

export function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The dashboard: published posts of the blogs the primary blog follows, and of the user's own blogs. */
export function dashboardWhere(ownedList: string): string {
  return `p.state IN ('published', 'private') AND (p.blog_name IN (${ownedList}) OR (p.state = 'published' AND EXISTS (SELECT 1 FROM follows f WHERE f.followed_blog = p.blog_name AND f.follower_blog = @primary)))
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_blog = @primary AND b.blocked_blog = p.blog_name)`;
}

/** A post's slug from its custom URL (or title). */
export function slugOf(customUrl: string): string {
  return customUrl
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** A post's one-line summary: its first non-empty text field. */
export function summaryOf(content: Record<string, unknown>): string {
  for (const key of ['comment', 'title', 'body', 'text', 'caption', 'question', 'description', 'track_name']) {
    const v = content[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 140);
  }
  return '';
}

/**
 * Stores a post that is not published yet (a draft, a queued post, or something in the blog's
 * inbox: an ask or a submission, both in the `submission` state). Returns its id.
 */
export function insertPendingPost(
  db: Db,
  post: {
    blog: string;
    type: string;
    state: 'draft' | 'queued' | 'submission';
    content: Record<string, unknown>;
    timestamp: number;
    publishOn?: string;
    tags?: string[];
  },
): number {
  const info = db
    .prepare(
      `INSERT INTO posts (blog_name, type, state, timestamp, note_count, reblog_key, slug, summary, tags, content, is_nsfw, publish_on, options, reblog_of)
       VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, 0, ?, '{}', NULL)`,
    )
    .run(
      post.blog,
      post.type,
      post.state,
      post.timestamp,
      randomBytes(6).toString('base64url'),
      slugOf(String(post.content.title ?? post.content.question ?? post.content.body ?? '')),
      summaryOf(post.content),
      JSON.stringify(post.tags ?? []),
      JSON.stringify(post.content),
      post.publishOn ?? '',
    );
  return Number(info.lastInsertRowid);
}
