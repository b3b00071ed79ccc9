/**
 * Writing a post row: its slug, its one-line summary, and a post that is not published yet. Kept
 * apart from lib/posts.ts (which reads rows for pages and JSON) so the seed can use it without an
 * import cycle through lib/types.ts and the database module.
 */
import { randomBytes } from 'node:crypto';
import type { Database as Db } from 'better-sqlite3';

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
