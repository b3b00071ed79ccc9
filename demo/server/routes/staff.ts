/**
 * Staff toggles (authoring spec §6 "Staff-type toggles", §7 "Following, blogs, settings").
 *   POST /spam/toggle, /nsfw/toggle, /adult/toggle, /uniblock/toggle, /suspended/toggle   tumblelog
 *        → { tumblelog, flag, on, staff_flags: { spam, nsfw, adult, uniblock, suspended } }
 *        flips the flag in `blogs` and answers its new state (and every flag).
 * Staff only: 401 logged out, 403 for anyone whose user is not is_staff (the form key is checked
 * before, as for every POST: 403 code 1003), 400 without `tumblelog`, 404 for an unknown blog.
 * The spec does not show the role; the reference server asks for staff.
 */
import { Hono } from 'hono';
import { field } from '../lib/body';
import { STAFF_FLAG_COLUMNS, findBlog, isStaff, staffFlags } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { requireUser } from '../lib/session';
import type { AppEnv, BlogRow, Deps } from '../lib/types';
import { STAFF_FLAGS } from '../../../src/models/blog';

export function staffRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  for (const flag of STAFF_FLAGS) {
    const column = STAFF_FLAG_COLUMNS[flag];
    const flip = db.prepare(`UPDATE blogs SET ${column} = 1 - ${column} WHERE name = ?`);
    r.post(`/${flag}/toggle`, (c) => {
      const auth = requireUser(c);
      if ('response' in auth) return auth.response;
      if (!isStaff(auth.session)) return fail(c, 403, E.forbidden('Only staff can change this.'));
      const name = field(c, 'tumblelog');
      if (!name) return fail(c, 400, E.badRequest('Missing "tumblelog".'));
      const blog = findBlog(db, name);
      if (!blog) return fail(c, 404, E.blogNotFound(name));
      flip.run(blog.name);
      const now = findBlog(db, blog.name) as BlogRow;
      const flags = staffFlags(now);
      return ok(c, { tumblelog: now.name, flag, on: flags[flag], staff_flags: flags });
    });
  }

  return r;
}
