/**
 * Blocks.
 *   POST /svc/block/add     tumblelog (the blocking blog; default: primary), blocked_tumblelog or blocked_post,
 *                           optional block_context → { blocked: true, tumblelog, blocked_tumblelog }
 *   POST /svc/block/remove  tumblelog, blocked_tumblelog → { blocked: false, tumblelog, blocked_tumblelog }
 * Blocking removes follows both ways. Errors: 400 (missing/own blog), 401, 403 (not your blog), 404.
 */
import { Hono, type Context } from 'hono';
import { field } from '../lib/body';
import { findBlog } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { requireUser } from '../lib/session';
import type { AppEnv, Deps } from '../lib/types';
import { refreshFriendCount } from './follow';

export function blockRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  const parties = (c: Context<AppEnv>, allowPost: boolean): { response: Response } | { blocker: string; blocked: string } => {
    const auth = requireUser(c);
    if ('response' in auth) return auth;
    const blockerName = field(c, 'tumblelog') || auth.session.primaryBlog;
    const blocker = findBlog(db, blockerName);
    if (!blocker) return { response: fail(c, 404, E.blogNotFound(blockerName)) };
    if (!auth.session.blogs.includes(blocker.name)) return { response: fail(c, 403, E.forbidden(`${blocker.name} is not your blog.`)) };
    let blockedName = field(c, 'blocked_tumblelog');
    const postId = allowPost ? field(c, 'blocked_post') : undefined;
    if (!blockedName && postId) {
      const post = db.prepare('SELECT blog_name FROM posts WHERE id = ?').get(Number(postId)) as { blog_name: string } | undefined;
      if (!post) return { response: fail(c, 404, E.notFound(`No post ${postId}.`)) };
      blockedName = post.blog_name;
    }
    if (!blockedName) return { response: fail(c, 400, E.badRequest('Missing "blocked_tumblelog".')) };
    const blocked = findBlog(db, blockedName);
    if (!blocked) return { response: fail(c, 404, E.blogNotFound(blockedName)) };
    if (auth.session.blogs.includes(blocked.name)) return { response: fail(c, 400, E.badRequest("You can't block your own blog.")) };
    return { blocker: blocker.name, blocked: blocked.name };
  };

  r.post('/svc/block/add', (c) => {
    const p = parties(c, true);
    if ('response' in p) return p.response;
    db.transaction(() => {
      db.prepare('INSERT OR IGNORE INTO blocks (blocker_blog, blocked_blog, block_context, created_ts) VALUES (?, ?, ?, ?)').run(
        p.blocker,
        p.blocked,
        field(c, 'block_context') ?? null,
        Math.floor(Date.now() / 1000),
      );
      db.prepare('DELETE FROM follows WHERE (follower_blog = ? AND followed_blog = ?) OR (follower_blog = ? AND followed_blog = ?)').run(
        p.blocker,
        p.blocked,
        p.blocked,
        p.blocker,
      );
      refreshFriendCount(deps, p.blocker);
      refreshFriendCount(deps, p.blocked);
    })();
    return ok(c, { blocked: true, tumblelog: p.blocker, blocked_tumblelog: p.blocked });
  });

  r.post('/svc/block/remove', (c) => {
    const p = parties(c, false);
    if ('response' in p) return p.response;
    db.prepare('DELETE FROM blocks WHERE blocker_blog = ? AND blocked_blog = ?').run(p.blocker, p.blocked);
    return ok(c, { blocked: false, tumblelog: p.blocker, blocked_tumblelog: p.blocked });
  });

  return r;
}
