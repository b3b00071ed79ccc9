/**
 * The blog preview drawer's calls (messaging spec §7) and blog search.
 *   GET  /svc/indash_blog/posts   tumblelog_name_or_id, post_id?, limit (1–20, default 10), offset
 *        → { posts, tumblelog, peepr_ad, tracking_html }. With post_id the list starts at that post.
 *   GET  /svc/indash_blog/header  tumblelog_name_or_id → the blog header (theme, follow state)
 *   POST /svc/indash_blog/header  JSON { tumblelog_name_or_id, tumblelog: { title?, global_theme_params? } } (own blogs)
 *   GET  /svc/tumblelog/:name/peepr  the timeline variant (single-post flag): the same answer as posts
 *   GET  /svc/search/blog_search/:blogname/:term  next_offset, limit, sort, post_type, post_role, filter_nsfw
 *        → { posts, next_offset } (next_offset -1 when nothing follows)
 *   GET  /svc/search/blog_search_typeahead/:blogname  q? → { tags: [{ tag }] } (the blog's tags, most used first)
 *   GET  /assets/ads/peepr-ad.js  the local stand-in for an ad network's script (no network needed)
 * Errors: 400 bad parameters, 401 saving logged out, 403 blocked / not your blog, 404 unknown blog.
 */
import { Hono, type Context } from 'hono';
import { readBody } from '../lib/body';
import { blogPopover, findBlog, isBlocked, originOf, parseTheme } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { postJson, viewerState } from '../lib/post-json';
import { parseTags } from '../lib/posts';
import { requireUser } from '../lib/session';
import type { AppEnv, BlogRow, Deps, PostRow, SessionInfo } from '../lib/types';

const SEARCH_TYPES = ['ANY', 'TEXT', 'PHOTO', 'QUOTE', 'LINK', 'CHAT', 'AUDIO', 'VIDEO'];
const THEME_KEYS = [
  'background_color',
  'link_color',
  'title_color',
  'title_font',
  'title_font_weight',
  'avatar_shape',
  'show_header_image',
  'show_avatar',
  'show_title',
  'show_description',
];

function intParam(value: string | undefined, fallback: number, min: number, max: number): number | null {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d+$/.test(value)) return null;
  return Math.min(max, Math.max(min, Number(value)));
}

export function indashRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  const viewable = (c: Context<AppEnv>, name: string | undefined): { response: Response } | { blog: BlogRow } => {
    if (!name) return { response: fail(c, 400, E.badRequest('Missing "tumblelog_name_or_id".')) };
    const blog = findBlog(db, name);
    if (!blog) return { response: fail(c, 404, E.blogNotFound(name)) };
    const me = c.get('session').primaryBlog;
    if (me && isBlocked(db, blog.name, me)) return { response: fail(c, 403, E.blocked(`${blog.name} has blocked you.`)) };
    return { blog };
  };

  const header = (c: Context<AppEnv>, blog: BlogRow, session: SessionInfo) => ({
    ...blogPopover(db, originOf(c.req.url), blog, session),
    is_mine: session.blogs.includes(blog.name),
  });

  const visibleStates = (session: SessionInfo, blog: string) =>
    session.blogs.includes(blog) ? "('published', 'private')" : "('published')";

  const postsAnswer = (c: Context<AppEnv>, blogName: string | undefined) => {
    const v = viewable(c, blogName);
    if ('response' in v) return v.response;
    const session = c.get('session');
    const limit = intParam(c.req.query('limit'), 10, 1, 20);
    const offset = intParam(c.req.query('offset'), 0, 0, 100_000);
    if (limit === null || offset === null) return fail(c, 400, E.badRequest('"limit" and "offset" must be numbers.'));
    const postId = c.req.query('post_id') ?? '';
    let from = '';
    const args: (string | number)[] = [v.blog.name];
    if (postId) {
      const start = /^\d+$/.test(postId)
        ? (db.prepare('SELECT * FROM posts WHERE id = ? AND blog_name = ?').get(Number(postId), v.blog.name) as PostRow | undefined)
        : undefined;
      if (!start) return fail(c, 404, E.notFound(`No post ${postId} on ${v.blog.name}.`));
      from = 'AND (timestamp < ? OR (timestamp = ? AND id <= ?))';
      args.push(start.timestamp, start.timestamp, start.id);
    }
    const rows = db
      .prepare(
        `SELECT * FROM posts WHERE blog_name = ? AND state IN ${visibleStates(session, v.blog.name)} ${from}
      ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, limit, offset) as PostRow[];
    const origin = originOf(c.req.url);
    const state = viewerState(
      db,
      session,
      rows.map((p) => p.id),
    );
    return ok(c, {
      posts: rows.map((p) => postJson(db, origin, p, session, state)),
      tumblelog: header(c, v.blog, session),
      peepr_ad: { slot: 'peepr-lrec', script_url: '/assets/ads/peepr-ad.js', width: 300, height: 250 },
      tracking_html: '',
    });
  };

  r.get('/svc/indash_blog/posts', (c) => postsAnswer(c, c.req.query('tumblelog_name_or_id')));
  r.get('/svc/tumblelog/:name/peepr', (c) => postsAnswer(c, c.req.param('name')));

  r.get('/svc/indash_blog/header', (c) => {
    const v = viewable(c, c.req.query('tumblelog_name_or_id'));
    if ('response' in v) return v.response;
    return ok(c, header(c, v.blog, c.get('session')));
  });

  r.post('/svc/indash_blog/header', async (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const body = (await readBody(c)) as Record<string, unknown>;
    const name = typeof body.tumblelog_name_or_id === 'string' ? body.tumblelog_name_or_id : '';
    const blog = findBlog(db, name);
    if (!blog) return fail(c, 404, E.blogNotFound(name));
    if (!auth.session.blogs.includes(blog.name)) return fail(c, 403, E.forbidden(`${blog.name} is not your blog.`));
    const patch = typeof body.tumblelog === 'object' && body.tumblelog !== null ? (body.tumblelog as Record<string, unknown>) : {};
    const title = typeof patch.title === 'string' ? patch.title.trim().slice(0, 100) : blog.title;
    const theme: Record<string, unknown> = parseTheme(blog);
    const params =
      typeof patch.global_theme_params === 'object' && patch.global_theme_params !== null
        ? (patch.global_theme_params as Record<string, unknown>)
        : {};
    for (const key of THEME_KEYS) {
      const value = params[key];
      if (typeof value === 'boolean' || (typeof value === 'string' && value.length <= 64)) theme[key] = value;
    }
    db.prepare('UPDATE blogs SET title = ?, theme = ? WHERE name = ?').run(title || blog.title, JSON.stringify(theme), blog.name);
    return ok(c, header(c, findBlog(db, blog.name)!, auth.session));
  });

  r.get('/svc/search/blog_search/:blogname/:term', (c) => {
    const v = viewable(c, c.req.param('blogname'));
    if ('response' in v) return v.response;
    const session = c.get('session');
    const term = (c.req.param('term') ?? '').trim().replace(/^#/, '').toLowerCase();
    const offset = intParam(c.req.query('next_offset'), 0, 0, 100_000);
    const limit = intParam(c.req.query('limit'), 10, 1, 20);
    if (offset === null || limit === null) return fail(c, 400, E.badRequest('"next_offset" and "limit" must be numbers.'));
    const sort = c.req.query('sort') ?? 'CREATED_DESC';
    const type = (c.req.query('post_type') ?? 'ANY').toUpperCase();
    const role = (c.req.query('post_role') ?? 'ANY').toUpperCase();
    if (!['CREATED_DESC', 'POPULARITY_DESC'].includes(sort) || !SEARCH_TYPES.includes(type) || !['ANY', 'ORIGINAL'].includes(role)) {
      return fail(c, 400, E.badRequest('Unknown sort, post_type or post_role.'));
    }
    const nsfw = c.req.query('filter_nsfw') !== 'false';
    const all = db
      .prepare(
        `SELECT * FROM posts WHERE blog_name = ? AND state IN ${visibleStates(session, v.blog.name)}
      ${type === 'ANY' ? '' : 'AND type = ?'} ${role === 'ORIGINAL' ? 'AND reblog_of IS NULL' : ''} ${nsfw ? 'AND is_nsfw = 0' : ''}
      ORDER BY ${sort === 'POPULARITY_DESC' ? 'note_count DESC,' : ''} timestamp DESC, id DESC`,
      )
      .all(...[v.blog.name, ...(type === 'ANY' ? [] : [type.toLowerCase()])]) as PostRow[];
    // A term matches a tag exactly (any case), or appears in the post's text.
    const matches = all.filter((p) => parseTags(p.tags).some((t) => t.toLowerCase() === term) || p.summary.toLowerCase().includes(term));
    const page = matches.slice(offset, offset + limit);
    const origin = originOf(c.req.url);
    const state = viewerState(
      db,
      session,
      page.map((p) => p.id),
    );
    return ok(c, {
      posts: page.map((p) => postJson(db, origin, p, session, state)),
      next_offset: offset + limit < matches.length ? offset + limit : -1,
    });
  });

  r.get('/svc/search/blog_search_typeahead/:blogname', (c) => {
    const v = viewable(c, c.req.param('blogname'));
    if ('response' in v) return v.response;
    const q = (c.req.query('q') ?? '').trim().replace(/^#/, '').toLowerCase();
    const counts = new Map<string, number>();
    for (const row of db.prepare("SELECT tags FROM posts WHERE blog_name = ? AND state = 'published'").all(v.blog.name) as {
      tags: string;
    }[]) {
      for (const tag of parseTags(row.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const tags = [...counts]
      .filter(([t]) => !q || t.toLowerCase().includes(q))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 200);
    return ok(c, { tags: tags.map(([tag]) => ({ tag })) });
  });

  r.get('/assets/ads/peepr-ad.js', (c) =>
    c.body(AD_SCRIPT, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  return r;
}

/**
 * The stand-in ad network. Like a real one it is a third-party script the page loads; it offers
 * `window.tumblelogAds.render(container, { slot, refresh })`, fills the container with a
 * same-site ad (DOM calls only: it runs under a strict CSP) and says whether it rendered one.
 * Every fifth refresh it has no ad to show, as real networks sometimes do.
 */
const AD_SCRIPT = `(() => {
  const ads = [
    { title: 'The Long Archive', text: 'A post a day, every day. Start reading from the beginning.', href: '/blog/long-archive' },
    { title: 'Tea Ceremony', text: 'Leaves, water, time. Follow for a calmer dashboard.', href: '/blog/tea-ceremony' },
    { title: 'Night Owl Radio', text: 'Late-night mixes for people who should be asleep.', href: '/blog/night-owl-radio' },
  ];
  let shown = 0;
  window.tumblelogAds = {
    render(container, options) {
      const refresh = (options && options.refresh) || 0;
      if (refresh > 0 && refresh % 5 === 0) return false;
      const ad = ads[shown++ % ads.length];
      const box = document.createElement('a');
      box.href = ad.href;
      box.className = 'demo-ad';
      const label = document.createElement('span');
      label.className = 'demo-ad-label';
      label.textContent = 'Sponsored · demo ad network';
      const title = document.createElement('strong');
      title.textContent = ad.title;
      const text = document.createElement('span');
      text.textContent = ad.text;
      box.append(label, title, text);
      container.replaceChildren(box);
      return true;
    },
  };
})();
`;
