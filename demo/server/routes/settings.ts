/**
 * A blog's auto-send settings (authoring spec §7 "Following, blogs, settings").
 *   POST /settings/save   tumblelog_name_or_id (a name, or a uuid `t:…`), page ('blog': the blog's
 *        settings), tumblelog[facebook_opengraph_send_posts] and tumblelog[twitter_send_posts] as
 *        'on' or 'off' (both, every time)
 *        → { tumblelog, twitter_send_posts, facebook_opengraph_send_posts } as stored in `blogs`
 *   The post form reads them back from the builder data (routes/posts.ts) as its starting point.
 * Errors: 401 logged out, 400 (no blog named, an unknown page, a flag missing or not on/off),
 * 404 unknown blog, 403 someone else's blog.
 */
import { Hono } from 'hono';
import { field } from '../lib/body';
import { findBlog } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { requireUser } from '../lib/session';
import type { AppEnv, Deps } from '../lib/types';
import { AUTO_SEND_FIELDS, AUTO_SEND_SETTINGS_PAGE } from '../../../elements/post-composer/model/auto-send';

export function settingsRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const save = db.prepare('UPDATE blogs SET twitter_send_posts = ?, facebook_opengraph_send_posts = ? WHERE name = ?');

  r.post('/settings/save', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const nameOrId = field(c, 'tumblelog_name_or_id');
    if (!nameOrId) return fail(c, 400, E.badRequest('Missing "tumblelog_name_or_id".'));
    const page = field(c, 'page');
    if (page !== AUTO_SEND_SETTINGS_PAGE) return fail(c, 400, E.badRequest(`Unknown settings page "${page ?? ''}".`));
    const values: Partial<Record<keyof typeof AUTO_SEND_FIELDS, boolean>> = {};
    for (const [network, name] of Object.entries(AUTO_SEND_FIELDS) as [keyof typeof AUTO_SEND_FIELDS, string][]) {
      const value = field(c, name);
      if (value !== 'on' && value !== 'off') return fail(c, 400, E.badRequest(`"${name}" must be on or off.`));
      values[network] = value === 'on';
    }
    const blog = findBlog(db, nameOrId);
    if (!blog) return fail(c, 404, E.blogNotFound(nameOrId));
    if (!auth.session.blogs.includes(blog.name)) return fail(c, 403, E.forbidden(`${blog.name} is not your blog.`));
    save.run(values.twitter ? 1 : 0, values.facebook ? 1 : 0, blog.name);
    return ok(c, {
      tumblelog: blog.name,
      twitter_send_posts: values.twitter === true,
      facebook_opengraph_send_posts: values.facebook === true,
    });
  });

  return r;
}
