/**
 * Server-rendered demo pages (HTML strings, CSP header, bootstrap JSON, form key meta, loader).
 *   GET /                              developer index
 *   GET /dashboard                     legacy dashboard (?page=N, ?mobile=1; logged-out → popular posts)
 *   GET /new/:type, /edit/:id, /reblog/:id/:key   client routes of the post form → the dashboard
 *   GET /tagged/:tag                   dashboard filtered by tag
 *   GET /blog/:name                    third-party theme (?page=N, 10 per page); 404 page for unknown blogs
 *   GET /blog/:name/post/:id[/:slug]   one post in the theme
 *   GET /blog/:name/tagged/:tag        the theme filtered by tag
 *   GET /blog/:name/archive            → redirect to /blog/:name
 *   GET /p/:id                         short post link → post permalink
 *   GET /follow/:name, /following, /likes, /login, /register, /settings…, /explore  small pages
 *   (/help is routes/help.ts, /search routes/search.ts)
 */
import { Hono, type Context } from 'hono';
import { RADAR } from '../db/catalogue';
import { followerCount, getBlog, isStaff, originOf, parseTheme, postCount, staffFlags } from '../lib/blogs';
import { publicMarks } from '../../../src/models/blog';
import { buildBootstrap, flagsFor } from '../lib/bootstrap';
import { viewerState } from '../lib/post-json';
import { dashboardWhere, parseContent, parseTags, postUrl } from '../lib/posts';
import type { AppEnv, BlogRow, Deps, PostRow } from '../lib/types';
import { themeBody } from '../../pages/blog';
import { dashboardBody, type DashboardModel } from '../../pages/dashboard';
import { homeBody } from '../../pages/home';
import type { SafeHtml } from '../../pages/html';
import { PAGE_HEADERS, TRUSTED_TYPES_PAGE_HEADERS, renderDocument } from '../../pages/layout';
import { getCookie } from 'hono/cookie';
import type { PostView } from '../../pages/post-content';
import { parseOptions } from '../lib/post-form';
import { followingBody, messagingBody, notFoundBody, stubBody } from '../../pages/simple';

const DASHBOARD_PAGE_SIZE = 20;
const BLOG_PAGE_SIZE = 10;

export function toPostView(origin: string, row: PostRow): PostView {
  return {
    id: String(row.id),
    blog: row.blog_name,
    type: row.type,
    timestamp: row.timestamp,
    note_count: row.note_count,
    tags: parseTags(row.tags),
    content: parseContent(row),
    post_url: postUrl(origin, row),
    reblog_key: row.reblog_key,
    is_nsfw: row.is_nsfw === 1,
    summary: row.summary,
    state: row.state,
    ...appAttribution(row),
  };
}

function appAttribution(row: PostRow): { app_attribution?: string } {
  const app = parseOptions(row).app_attribution;
  return typeof app === 'string' && app ? { app_attribution: app } : {};
}

function pageNumber(c: Context<AppEnv>): number {
  const n = Number(c.req.query('page') ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/**
 * The demo's own query that a page keeps on its links, so that a flag or the mobile header stays
 * on from page to page: the `names` given and every `flag_*` (lib/bootstrap.ts flagsFor).
 */
export function keptQuery(c: Context<AppEnv>, names: readonly string[]): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(c.req.query())) if (names.includes(k) || k.startsWith('flag_')) params.set(k, v);
  return params.toString();
}

export interface PageSpec {
  title: string;
  stylesheets: string[];
  scripts?: string[];
  body: SafeHtml;
  bodyClass?: string;
  bodyId?: string;
  status?: number;
  mobile?: boolean;
}

/** Renders a full demo page for the current session (bootstrap, form key, CSP headers). */
export function sendPage(c: Context<AppEnv>, deps: Deps, spec: PageSpec): Response {
  const session = c.get('session');
  const mobile = spec.mobile ?? c.req.query('mobile') === '1';
  const pollMs = Number(c.req.query('poll_ms'));
  const bootstrap = buildBootstrap(
    deps.db,
    originOf(c.req.url),
    session,
    flagsFor(c.req.query(), mobile),
    pollMs >= 1000 && pollMs <= 60000 ? pollMs : undefined,
    c.req.query('tab_sync') === '0' ? { tab_sync: false } : {},
  );
  const document = renderDocument({
    title: spec.title,
    stylesheets: spec.stylesheets,
    scripts: spec.scripts ?? [],
    body: spec.body,
    bodyClass: [spec.bodyClass, mobile ? 'is_mobile' : ''].filter(Boolean).join(' '),
    ...(spec.bodyId ? { bodyId: spec.bodyId } : {}),
    formKey: session.formKey,
    bootstrap,
  });
  const trustedTypes = process.env.DEMO_TRUSTED_TYPES === '1' || getCookie(c, 'demo_trusted_types') === '1';
  return c.body(document, (spec.status ?? 200) as 200, trustedTypes ? TRUSTED_TYPES_PAGE_HEADERS : PAGE_HEADERS);
}

/** The promotions of these posts: `<post id>:<tag>` → tag_id (the dashboard's Promote buttons). */
function promotionsOf(db: Deps['db'], postIds: number[]): Map<string, string> {
  if (!postIds.length) return new Map();
  const rows = db
    .prepare(`SELECT id, post_id, tag FROM promotions WHERE post_id IN (${postIds.map(() => '?').join(', ')})`)
    .all(...postIds) as {
    id: number;
    post_id: number;
    tag: string;
  }[];
  return new Map(rows.map((r) => [`${r.post_id}:${r.tag}`, String(r.id)]));
}

export function sendNotFound(c: Context<AppEnv>, deps: Deps, message = 'The page you asked for does not exist.'): Response {
  return sendPage(c, deps, {
    title: 'Not found',
    stylesheets: ['/static/simple.css'],
    body: notFoundBody(message),
    status: 404,
    bodyClass: 'simple_page',
  });
}

/** A handler for a route with `:name`: the blog it names, or the 404 page. */
export const blogRoute =
  (deps: Deps) => (handler: (c: Context<AppEnv>, blog: BlogRow) => Response | Promise<Response>) => (c: Context<AppEnv>) => {
    const name = c.req.param('name') ?? '';
    const blog = getBlog(deps.db, name);
    if (!blog) return sendNotFound(c, deps, `There is no blog called “${name}”.`);
    return handler(c, blog);
  };

export function pageRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  const sidebarBlog = (name: string) => {
    const b = getBlog(db, name);
    return b ? { name: b.name, title: b.title, posts: postCount(db, b.name), followers: followerCount(db, b.name) } : null;
  };

  const dashboard = (c: Context<AppEnv>, tag?: string) => {
    const session = c.get('session');
    const origin = originOf(c.req.url);
    const page = pageNumber(c);
    const offset = (page - 1) * DASHBOARD_PAGE_SIZE;
    let rows: PostRow[];
    let heading: string | undefined;
    if (tag !== undefined) {
      rows = db
        .prepare(
          `SELECT * FROM posts WHERE state = 'published' AND EXISTS (SELECT 1 FROM json_each(posts.tags) WHERE value = ?)
        ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(tag, DASHBOARD_PAGE_SIZE + 1, offset) as PostRow[];
      heading = `Posts tagged #${tag}`;
    } else if (session.primaryBlog) {
      // The blogs followed and the user's own blogs (a new post shows up on the dashboard).
      const owned = session.blogs.map((_, i) => `@b${i}`).join(', ');
      rows = db
        .prepare(
          `SELECT p.* FROM posts p WHERE ${dashboardWhere(owned)}
        ORDER BY p.timestamp DESC, p.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({
          ...Object.fromEntries(session.blogs.map((b, i) => [`b${i}`, b])),
          primary: session.primaryBlog,
          limit: DASHBOARD_PAGE_SIZE + 1,
          offset,
        }) as PostRow[];
    } else {
      rows = db
        .prepare(
          `SELECT * FROM posts WHERE state = 'published' AND is_nsfw = 0 AND blog_name <> 'xss-lab'
        ORDER BY note_count DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(DASHBOARD_PAGE_SIZE + 1, offset) as PostRow[];
    }
    const user = session.user;
    const model: DashboardModel = {
      user: user
        ? {
            name: user.name,
            primary: user.primary_blog,
            likes: user.liked_post_count,
            following: (db.prepare('SELECT COUNT(*) AS n FROM follows WHERE follower_blog = ?').get(user.primary_blog) as { n: number }).n,
            blogs: session.blogs.map(sidebarBlog).filter((b) => b !== null),
          }
        : null,
      posts: rows.slice(0, DASHBOARD_PAGE_SIZE).map((row) => toPostView(origin, row)),
      liked: new Set(
        [
          ...viewerState(
            db,
            session,
            rows.slice(0, DASHBOARD_PAGE_SIZE).map((row) => row.id),
          ).liked,
        ].map(String),
      ),
      promoted: promotionsOf(
        db,
        rows.slice(0, DASHBOARD_PAGE_SIZE).map((row) => row.id),
      ),
      page,
      hasMore: rows.length > DASHBOARD_PAGE_SIZE,
      mobile: c.req.query('mobile') === '1',
      radar: RADAR.map(sidebarBlog).filter((b) => b !== null),
      basePath: tag !== undefined ? `/tagged/${encodeURIComponent(tag)}` : '/dashboard',
      ...(heading ? { heading } : {}),
      keepQuery: keptQuery(c, ['mobile', 'composer']),
      ...(c.req.query('composer') === 'inline' ? { inlineComposer: true } : {}),
      ...(c.req.query('tutorial') === 'standard' || c.req.query('tutorial') === 'appearance'
        ? { headerTutorial: c.req.query('tutorial') as 'standard' | 'appearance' }
        : {}),
    };
    const who = user ? user.name : 'Logged out';
    return sendPage(c, deps, {
      title: tag !== undefined ? `#${tag} | tumblelog` : `Dashboard | tumblelog (${who})`,
      stylesheets: ['/static/dashboard.css'],
      scripts: ['/static/legacy.js'],
      body: dashboardBody(model),
      bodyId: 'dashboard_index',
      bodyClass: user ? 'dashboard logged_in' : 'dashboard logged_out',
    });
  };

  r.get('/', (c) => {
    const users = (
      db.prepare('SELECT * FROM users ORDER BY name').all() as {
        name: string;
        primary_blog: string;
        is_verified_email: number;
        is_staff: number;
      }[]
    ).map((u) => ({
      name: u.name,
      primary: u.primary_blog,
      verified: u.is_verified_email === 1,
      staff: u.is_staff === 1,
      blogs: (
        db.prepare('SELECT blog_name FROM user_blogs WHERE user_name = ? ORDER BY position').all(u.name) as { blog_name: string }[]
      ).map((b) => b.blog_name),
    }));
    const names = (sql: string) => (db.prepare(sql).all() as { name: string }[]).map((b) => b.name);
    const notable = [
      { label: 'Custom domain (cname)', blogs: names('SELECT name FROM blogs WHERE cname IS NOT NULL ORDER BY name') },
      {
        label: 'Fewer than 2 posts',
        blogs: names('SELECT b.name FROM blogs b WHERE (SELECT COUNT(*) FROM posts p WHERE p.blog_name = b.name) < 2 ORDER BY b.name'),
      },
      { label: 'Asks off', blogs: names('SELECT name FROM blogs WHERE asks = 0 ORDER BY name') },
      { label: 'Anonymous asks on', blogs: names('SELECT name FROM blogs WHERE anonymous_asks = 1 ORDER BY name') },
      { label: "Can't receive messages", blogs: names('SELECT name FROM blogs WHERE can_receive_messages = 0 ORDER BY name') },
      {
        label: 'Only takes messages from blogs it follows',
        blogs: names('SELECT name FROM blogs WHERE messages_from_followed_only = 1 ORDER BY name'),
      },
      { label: 'Messaging bot', blogs: names('SELECT name FROM blogs WHERE is_messaging_bot = 1 ORDER BY name') },
      {
        label: 'Flagged by staff (suspended, NSFW or adult)',
        blogs: names('SELECT name FROM blogs WHERE is_suspended = 1 OR is_nsfw = 1 OR is_adult = 1 ORDER BY name'),
      },
      { label: 'XSS payloads in description and posts', blogs: ['xss-lab'] },
      { label: 'A javascript: link in the description', blogs: ['retro-computing', 'xss-lab'] },
    ];
    const count = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    return sendPage(c, deps, {
      title: 'tumblelog elements — demo index',
      stylesheets: ['/static/simple.css'],
      body: homeBody({ current: c.get('session').name, users, notable, counts: { blogs: count('blogs'), posts: count('posts') } }),
      bodyClass: 'simple_page',
    });
  });

  r.get('/dashboard', (c) => dashboard(c));
  r.get('/new/:type', (c) => dashboard(c));
  r.get('/edit/:id', (c) => dashboard(c));
  r.get('/reblog/:id/:key', (c) => dashboard(c));
  r.get('/tagged/:tag', (c) => dashboard(c, c.req.param('tag')));
  // The post form's route on a tagged page (§2: /tagged/{tag}/new/{type}): a reload opens it there.
  r.get('/tagged/:tag/new/:type', (c) => dashboard(c, c.req.param('tag')));

  const themePage = (c: Context<AppEnv>, blog: BlogRow, view: { postId?: string; tag?: string }) => {
    const origin = originOf(c.req.url);
    const page = pageNumber(c);
    let rows: PostRow[];
    let total: number;
    let heading: string | undefined;
    let basePath = `/blog/${blog.name}`;
    if (view.postId !== undefined) {
      rows = db
        .prepare("SELECT * FROM posts WHERE blog_name = ? AND id = ? AND state = 'published'")
        .all(blog.name, Number(view.postId)) as PostRow[];
      if (!rows.length) return sendNotFound(c, deps, `${blog.name} has no post ${view.postId}.`);
      total = 1;
    } else if (view.tag !== undefined) {
      const where = "blog_name = ? AND state = 'published' AND EXISTS (SELECT 1 FROM json_each(posts.tags) WHERE value = ?)";
      total = (db.prepare(`SELECT COUNT(*) AS n FROM posts WHERE ${where}`).get(blog.name, view.tag) as { n: number }).n;
      rows = db
        .prepare(`SELECT * FROM posts WHERE ${where} ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`)
        .all(blog.name, view.tag, BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE) as PostRow[];
      heading = `#${view.tag}`;
      basePath = `/blog/${blog.name}/tagged/${encodeURIComponent(view.tag)}`;
    } else {
      total = postCount(db, blog.name);
      rows = db
        .prepare("SELECT * FROM posts WHERE blog_name = ? AND state = 'published' ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?")
        .all(blog.name, BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE) as PostRow[];
    }
    // A suspended blog shows none of its posts (nor its videos), except to staff.
    const postsHidden = blog.is_suspended === 1 && !isStaff(c.get('session'));
    const videoRows = postsHidden
      ? []
      : (db
          .prepare("SELECT * FROM posts WHERE blog_name = ? AND type = 'video' AND state = 'published' ORDER BY timestamp DESC LIMIT 2")
          .all(blog.name) as PostRow[]);
    const flags = staffFlags(blog);
    const videos = [0, 1].map((i) => {
      const v = videoRows[i];
      if (!v)
        return { postId: '', poster: `/assets/header/${blog.name}.svg`, caption: i === 0 ? 'Coming soon' : 'Another one, soon', src: '' };
      const content = parseContent(v);
      return {
        postId: String(v.id),
        poster: `/assets/post/${v.id}.svg`,
        caption: v.summary,
        src: typeof content.video_url === 'string' ? content.video_url : '',
      };
    });
    return sendPage(c, deps, {
      title: view.postId !== undefined ? `${rows[0]?.summary ?? ''} — ${blog.title}` : blog.title,
      stylesheets: ['/static/theme.css', `/static/theme/${blog.name}.css`],
      body: themeBody({
        blog: {
          name: blog.name,
          title: blog.title,
          description: blog.description_sanitized,
          cname: blog.cname,
          asks: blog.asks === 1,
          submissions: blog.submissions === 1,
          postCount: postCount(db, blog.name),
          followers: followerCount(db, blog.name),
          marks: publicMarks({ is_suspended: flags.suspended, is_nsfw: flags.nsfw, is_adult: flags.adult }),
        },
        postsHidden,
        theme: parseTheme(blog),
        posts: postsHidden ? [] : rows.map((row) => toPostView(origin, row)),
        page,
        totalPages: Math.ceil(total / BLOG_PAGE_SIZE),
        ...(heading ? { heading } : {}),
        basePath,
        single: view.postId !== undefined,
        videos,
      }),
      bodyClass: `theme theme-${blog.name}`,
      mobile: false,
    });
  };

  const withBlog = blogRoute(deps);

  r.get(
    '/blog/:name',
    withBlog((c, blog) => themePage(c, blog, {})),
  );
  r.get(
    '/blog/:name/',
    withBlog((c, blog) => themePage(c, blog, {})),
  );
  r.get(
    '/blog/:name/post/:id{[0-9]+}',
    withBlog((c, blog) => themePage(c, blog, { postId: c.req.param('id') })),
  );
  r.get(
    '/blog/:name/post/:id{[0-9]+}/:slug',
    withBlog((c, blog) => themePage(c, blog, { postId: c.req.param('id') })),
  );
  r.get(
    '/blog/:name/tagged/:tag',
    withBlog((c, blog) => themePage(c, blog, { tag: c.req.param('tag') ?? '' })),
  );
  r.get(
    '/blog/:name/archive',
    withBlog((c, blog) => c.redirect(`/blog/${blog.name}`, 302)),
  );

  r.get('/p/:id{[0-9]+}', (c) => {
    const post = db.prepare('SELECT id, blog_name, slug FROM posts WHERE id = ?').get(Number(c.req.param('id'))) as PostRow | undefined;
    if (!post) return sendNotFound(c, deps, 'That post does not exist.');
    return c.redirect(postUrl(originOf(c.req.url), post), 302);
  });

  r.get(
    '/follow/:name',
    withBlog((c, blog) => {
      const session = c.get('session');
      const body = session.user
        ? stubBody(`Follow ${blog.name}`, `Use the Follow button on ${blog.name}'s blog card.`, [
            [`/blog/${blog.name}`, `Visit ${blog.name}`],
            ['/dashboard', 'Dashboard'],
          ])
        : stubBody(`Log in to follow ${blog.name}`, 'You need an account to follow blogs. In the demo, pick a seeded user:', [
            [`/follow/${blog.name}?as=alice`, 'Log in as alice'],
            [`/follow/${blog.name}?as=bob`, 'Log in as bob'],
            [`/blog/${blog.name}`, `Back to ${blog.name}`],
          ]);
      return sendPage(c, deps, { title: `Follow ${blog.name}`, stylesheets: ['/static/simple.css'], body, bodyClass: 'simple_page' });
    }),
  );

  r.get('/following', (c) => {
    const me = c.get('session').primaryBlog;
    const blogs = me
      ? (db
          .prepare(
            'SELECT b.name, b.title FROM follows f JOIN blogs b ON b.name = f.followed_blog WHERE f.follower_blog = ? ORDER BY b.name',
          )
          .all(me) as { name: string; title: string }[])
      : [];
    return sendPage(c, deps, {
      title: 'Following',
      stylesheets: ['/static/simple.css'],
      body: followingBody(blogs),
      bodyClass: 'simple_page',
    });
  });

  const messaging = (c: Context<AppEnv>) => {
    const name = (c.req.param('name') ?? '').replace(/[^a-z0-9-]/gi, '').slice(0, 60) || 'chatty-bot';
    return sendPage(c, deps, {
      title: 'Messages',
      stylesheets: ['/static/simple.css'],
      scripts: ['/static/legacy.js'],
      body: messagingBody(name),
      bodyClass: 'simple_page',
    });
  };
  r.get('/messaging', messaging);
  r.get('/messaging/conversation/:name', messaging);
  r.get('/conversation/new/:name', messaging);

  const stub = (title: string) => (c: Context<AppEnv>) =>
    sendPage(c, deps, {
      title,
      stylesheets: ['/static/simple.css'],
      body: stubBody(title, 'This page is not part of the demo.'),
      bodyClass: 'simple_page',
    });
  for (const [path, title] of [
    ['/likes', 'Likes'],
    ['/login', 'Log in'],
    ['/register', 'Sign up'],
    ['/settings', 'Settings'],
    ['/settings/*', 'Settings'],
    ['/explore', 'Explore'],
  ] as const) {
    r.get(path, stub(title));
  }

  return r;
}
