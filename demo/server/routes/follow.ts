/**
 * Follow, unfollow and subscriptions — always as the session user's primary blog.
 *   POST /svc/follow    tumblelog (+ optional placement_id, pt, source, context, tlt, offset) → { following: true, tumblelog }
 *   POST /svc/unfollow  tumblelog (+ same optional fields)                                     → { following: false, tumblelog }
 *   POST   /svc/blog/:name/subscription (optional source) → { is_subscribed: true }   (409 unless following)
 *   DELETE /svc/blog/:name/subscription (optional source) → { is_subscribed: false }
 * Errors: 400 missing tumblelog / following yourself; 401 logged out; 403 blocked; 404 unknown blog.
 */
import { Hono, type Context } from 'hono';
import { field } from '../lib/body';
import { findBlog, followState, isBlocked } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { requireUser } from '../lib/session';
import type { AppEnv, BlogRow, Deps } from '../lib/types';

export function refreshFriendCount(deps: Deps, blogName: string): void {
  deps.db
    .prepare(
      `UPDATE users SET friend_count = (SELECT COUNT(*) FROM follows WHERE follower_blog = users.primary_blog)
    WHERE primary_blog = ?`,
    )
    .run(blogName);
}

export function followRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  const target = (c: Context<AppEnv>): { response: Response } | { blog: BlogRow } => {
    const name = field(c, 'tumblelog') ?? field(c, 'tumblelog_name_or_id');
    if (!name) return { response: fail(c, 400, E.badRequest('Missing "tumblelog".')) };
    const blog = findBlog(db, name);
    if (!blog) return { response: fail(c, 404, E.blogNotFound(name)) };
    return { blog };
  };

  r.post('/svc/follow', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const t = target(c);
    if ('response' in t) return t.response;
    const me = auth.session.primaryBlog;
    if (t.blog.name === me) return fail(c, 400, E.badRequest("You can't follow yourself."));
    if (isBlocked(db, t.blog.name, me)) return fail(c, 403, E.blocked(`${t.blog.name} has blocked you.`));
    if (isBlocked(db, me, t.blog.name)) return fail(c, 403, E.blocked(`Unblock ${t.blog.name} before following them.`));
    db.prepare('INSERT OR IGNORE INTO follows (follower_blog, followed_blog, subscribed, created_ts) VALUES (?, ?, 0, ?)').run(
      me,
      t.blog.name,
      Math.floor(Date.now() / 1000),
    );
    refreshFriendCount(deps, me);
    return ok(c, { following: true, tumblelog: t.blog.name });
  });

  r.post('/svc/unfollow', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const t = target(c);
    if ('response' in t) return t.response;
    const me = auth.session.primaryBlog;
    if (t.blog.name === me) return fail(c, 400, E.badRequest("You can't unfollow yourself."));
    db.prepare('DELETE FROM follows WHERE follower_blog = ? AND followed_blog = ?').run(me, t.blog.name);
    refreshFriendCount(deps, me);
    return ok(c, { following: false, tumblelog: t.blog.name });
  });

  const subscription = (subscribe: boolean) => (c: Context<AppEnv>) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const name = c.req.param('name') ?? '';
    const blog = findBlog(db, name);
    if (!blog) return fail(c, 404, E.blogNotFound(name));
    const me = auth.session.primaryBlog;
    const state = followState(db, me, blog.name);
    if (subscribe && !state.following) return fail(c, 409, E.conflict(`Follow ${blog.name} before subscribing.`));
    if (state.following) {
      db.prepare('UPDATE follows SET subscribed = ? WHERE follower_blog = ? AND followed_blog = ?').run(subscribe ? 1 : 0, me, blog.name);
    }
    return ok(c, { is_subscribed: subscribe, tumblelog: blog.name });
  };
  r.post('/svc/blog/:name/subscription', subscription(true));
  r.delete('/svc/blog/:name/subscription', subscription(false));

  return r;
}
