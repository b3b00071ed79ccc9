/**
 * Blog card data.
 *   GET /svc/tumblelog_popover/:name   → { response: blog popover (see lib/blogs.ts blogPopover) }
 *   GET /svc/:blogName/posts/highlighted → { response: { highlighted_posts } }
 */
import { Hono } from 'hono';
import { blogPopover, getBlog, highlightedPosts, originOf } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import type { AppEnv, Deps } from '../lib/types';

export function blogRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/svc/tumblelog_popover/:name', (c) => {
    const name = c.req.param('name');
    const blog = getBlog(deps.db, name);
    if (!blog) return fail(c, 404, E.blogNotFound(name));
    return ok(c, blogPopover(deps.db, originOf(c.req.url), blog, c.get('session')));
  });

  r.get('/svc/:blogName/posts/highlighted', (c) => {
    const name = c.req.param('blogName');
    const blog = getBlog(deps.db, name);
    if (!blog) return fail(c, 404, E.blogNotFound(name));
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 6) || 6, 1), 20);
    return ok(c, { highlighted_posts: highlightedPosts(deps.db, originOf(c.req.url), blog.name, limit) });
  });

  return r;
}
