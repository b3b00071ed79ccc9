/**
 * Activity for <activity-popover> (authoring spec §7: GET /svc/data/tumblelog).
 *   GET /svc/data/tumblelog?tumblelog=<blog>&include_activity_data=1&include_activity_notifications=1
 *     → { name, activity_notifications?: [...newest first, 50 max], activity_data?: { sparkline: [30 daily counts, oldest first] } }
 * Only the blog's owner may read it: 401 logged out, 403 someone else's blog, 404 unknown blog.
 */
import { Hono } from 'hono';
import { activityNotifications, activitySparkline } from '../lib/activity';
import { getBlog, originOf, ownerOf } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { requireUser } from '../lib/session';
import type { AppEnv, Deps } from '../lib/types';

const on = (v: string | undefined) => v !== undefined && v !== '0' && v !== 'false';

export function activityRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  r.get('/svc/data/tumblelog', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const name = c.req.query('tumblelog') ?? '';
    const blog = getBlog(db, name);
    if (!blog) return fail(c, 404, E.blogNotFound(name));
    if (ownerOf(db, blog.name) !== auth.session.user.name) return fail(c, 403, E.forbidden(`${blog.name} is not your blog.`));
    const response: Record<string, unknown> = { name: blog.name, uuid: blog.uuid };

    if (on(c.req.query('include_activity_notifications'))) {
      response.activity_notifications = activityNotifications(db, originOf(c.req.url), blog.name, 50);
    }
    if (on(c.req.query('include_activity_data'))) response.activity_data = { sparkline: activitySparkline(db, blog.name) };
    return ok(c, response);
  });

  return r;
}
