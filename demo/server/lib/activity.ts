/**
 * A blog's activity as the spec's JSON (authoring spec §7 GET /svc/data/tumblelog): the
 * notifications, newest first, and the 30-day sparkline. Served by routes/activity.ts to
 * <activity-popover> and rendered by the full activity page (/blog/{name}/activity), so the two
 * always agree.
 */
import { followState } from './blogs';
import { avatarUrl, blogUrl } from './links';
import { postUrl } from './posts';
import type { Db } from '../db/index';
import type { PostRow } from './types';

interface ActivityRow {
  id: number;
  type: string;
  timestamp: number;
  from_blog: string;
  post_id: number | null;
  new_post_id: number | null;
  extra: string;
}

const DAY = 86_400;
const SPARKLINE_DAYS = 30;

/** The newest `limit` notifications of `blogName`, in the shape of `activity_notifications`. */
export function activityNotifications(db: Db, origin: string, blogName: string, limit: number): Record<string, unknown>[] {
  const postById = db.prepare('SELECT * FROM posts WHERE id = ?');
  const rows = db
    .prepare('SELECT * FROM activity WHERE blog_name = ? ORDER BY timestamp DESC LIMIT ?')
    .all(blogName, limit) as ActivityRow[];
  return rows.map((row) => {
    const extra = JSON.parse(row.extra) as Record<string, string>;
    const post = row.post_id ? (postById.get(row.post_id) as PostRow | undefined) : undefined;
    const newPost = row.new_post_id ? (postById.get(row.new_post_id) as PostRow | undefined) : undefined;
    const content = post ? (JSON.parse(post.content) as { photos?: unknown[] }) : {};
    const isFriend = followState(db, blogName, row.from_blog).following;
    return {
      id: String(row.id),
      type: row.type,
      timestamp: row.timestamp,
      ...(extra.message ? { message: extra.message } : {}),
      from_tumblelog: {
        name: row.from_blog,
        avatar_url: avatarUrl(row.from_blog, 128),
        avatar_url_48: avatarUrl(row.from_blog, 48),
        tumblr_url: blogUrl(origin, row.from_blog),
        is_friend: isFriend,
      },
      ...(post
        ? {
            post: {
              id: String(post.id),
              url: postUrl(origin, post),
              tumblelog: post.blog_name,
              type: post.type,
              summary: post.summary,
              media_url: post.type === 'photo' || post.type === 'video' ? `/assets/post/${post.id}.svg` : undefined,
              photo_count: Array.isArray(content.photos) ? content.photos.length : undefined,
              is_answer: post.type === 'answer' || undefined,
            },
          }
        : {}),
      ...(newPost || extra.diff
        ? {
            new_post: {
              ...(newPost ? { id: String(newPost.id), url: postUrl(origin, newPost) } : {}),
              ...(extra.diff ? { diff: extra.diff } : {}),
            },
          }
        : {}),
      ...(extra.reply_text || extra.answer_text || extra.question
        ? { note_meta: { reply_text: extra.reply_text, answer_text: extra.answer_text, question: extra.question } }
        : {}),
      is_friend: isFriend,
    };
  });
}

/** Notifications per day over the last 30 days, oldest first (`activity_data.sparkline`). */
export function activitySparkline(db: Db, blogName: string, nowSeconds = Math.floor(Date.now() / 1000)): number[] {
  const since = nowSeconds - SPARKLINE_DAYS * DAY;
  const stamps = db.prepare('SELECT timestamp FROM activity WHERE blog_name = ? AND timestamp > ?').all(blogName, since) as {
    timestamp: number;
  }[];
  const sparkline = new Array<number>(SPARKLINE_DAYS).fill(0);
  for (const { timestamp } of stamps) {
    const index = SPARKLINE_DAYS - 1 - Math.floor((nowSeconds - timestamp) / DAY);
    if (index >= 0 && index < SPARKLINE_DAYS) sparkline[index]!++;
  }
  return sparkline;
}
