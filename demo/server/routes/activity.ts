/**
 * Activity for <activity-popover> (authoring spec §7: GET /svc/data/tumblelog).
 *   GET /svc/data/tumblelog?tumblelog=<blog>&include_activity_data=1&include_activity_notifications=1
 *     → { name, activity_notifications?: [...newest first, 50 max], activity_data?: { sparkline: [30 daily counts, oldest first] } }
 * Only the blog's owner may read it: 401 logged out, 403 someone else's blog, 404 unknown blog.
 */
import { Hono } from 'hono';
import { followState, getBlog, originOf, ownerOf } from '../lib/blogs';
import { avatarUrl, blogUrl } from '../lib/links';
import { E, fail, ok } from '../lib/envelope';
import { postUrl } from '../lib/posts';
import { requireUser } from '../lib/session';
import type { AppEnv, Deps, PostRow } from '../lib/types';

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
const on = (v: string | undefined) => v !== undefined && v !== '0' && v !== 'false';

export function activityRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const postById = db.prepare('SELECT * FROM posts WHERE id = ?');

  r.get('/svc/data/tumblelog', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const name = c.req.query('tumblelog') ?? '';
    const blog = getBlog(db, name);
    if (!blog) return fail(c, 404, E.blogNotFound(name));
    if (ownerOf(db, blog.name) !== auth.session.user.name) return fail(c, 403, E.forbidden(`${blog.name} is not your blog.`));
    const origin = originOf(c.req.url);
    const response: Record<string, unknown> = { name: blog.name, uuid: blog.uuid };

    if (on(c.req.query('include_activity_notifications'))) {
      const rows = db
        .prepare('SELECT * FROM activity WHERE blog_name = ? ORDER BY timestamp DESC LIMIT 50')
        .all(blog.name) as ActivityRow[];
      response.activity_notifications = rows.map((row) => {
        const extra = JSON.parse(row.extra) as Record<string, string>;
        const post = row.post_id ? (postById.get(row.post_id) as PostRow | undefined) : undefined;
        const newPost = row.new_post_id ? (postById.get(row.new_post_id) as PostRow | undefined) : undefined;
        const content = post ? (JSON.parse(post.content) as { photos?: unknown[] }) : {};
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
            is_friend: followState(db, blog.name, row.from_blog).following,
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
          is_friend: followState(db, blog.name, row.from_blog).following,
        };
      });
    }

    if (on(c.req.query('include_activity_data'))) {
      const now = Math.floor(Date.now() / 1000);
      const since = now - SPARKLINE_DAYS * DAY;
      const stamps = db.prepare('SELECT timestamp FROM activity WHERE blog_name = ? AND timestamp > ?').all(blog.name, since) as {
        timestamp: number;
      }[];
      const sparkline = new Array<number>(SPARKLINE_DAYS).fill(0);
      for (const { timestamp } of stamps) {
        const index = SPARKLINE_DAYS - 1 - Math.floor((now - timestamp) / DAY);
        if (index >= 0 && index < SPARKLINE_DAYS) sparkline[index]!++;
      }
      response.activity_data = { sparkline };
    }
    return ok(c, response);
  });

  return r;
}
