/**
 * A blog's small pages (messaging spec §1 routes), so no link of the elements leads to a 404:
 *   GET  /blog/:name/activity   the full activity page (linked from <activity-popover>)
 *   GET  /blog/:name/drafts, /queue, /inbox   what waits for the blogger (drafts; queued and scheduled
 *                               posts; asks and submissions), each post with its page buttons
 *                               (publish, queue, answer, approve, deny, delete: src/post-actions)
 *   (these four: the owner only; logged out → log-in links; someone else's blog → a 403 page)
 *   GET  /blog/:name/ask        the blog's <ask-form>, open on arrival ({blog_url}/ask)
 *   GET  /blog/:name/submit     a text post offered to the blog ({blog_url}/submit; ?sent=1 after sending)
 *   POST /blog/:name/submit     title, body, form_key → a post in state 'submission' on that blog (what
 *                               /approve_submission and /deny_submission act on) → 303 to ?sent=1
 */
import { Hono, type Context } from 'hono';
import { parseActivity } from '../../../src/models/activity';
import { activityNotifications, activitySparkline } from '../lib/activity';
import { originOf, ownerOf } from '../lib/blogs';
import { field } from '../lib/body';
import { insertPendingPost } from '../lib/post-rows';
import { parseContent } from '../lib/posts';
import type { AppEnv, BlogRow, Deps, PostRow } from '../lib/types';
import {
  activityPageBody,
  askPageBody,
  pendingPageBody,
  type PendingPage,
  type PendingPostView,
  submitPageBody,
  SUBMIT_BODY_MAX,
  SUBMIT_TITLE_MAX,
  type BlogRef,
} from '../../pages/blog-pages';
import { htmlToText } from '../../pages/html';
import { stubBody } from '../../pages/simple';
import { blogRoute, sendPage } from './pages';

/** The full activity page shows this many notifications (the popover shows 50). */
const ACTIVITY_PAGE_LIMIT = 200;

/** A waiting post as its page shows it. */
function pendingView(row: PostRow): PendingPostView {
  const content = parseContent(row) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: String(row.id),
    type: row.type,
    mark: JSON.stringify({ id: String(row.id), reblog_key: row.reblog_key, tumblelog: row.blog_name, is_mine: true }),
    title: text(content.title),
    body: row.type === 'answer' ? text(content.question) : text(content.body) || text(content.caption) || row.summary,
    ...(row.type === 'answer' ? { asker: content.anonymous === true ? null : text(content.asking_name) || null } : {}),
    ...(text(content.submitter) ? { submitter: text(content.submitter) } : {}),
    ...(row.publish_on ? { publishOn: row.publish_on } : {}),
  };
}

const blogRef = (blog: BlogRow): BlogRef => ({ name: blog.name, title: blog.title, description: htmlToText(blog.description_sanitized) });

export function blogPageRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const withBlog = blogRoute(deps);
  const simple = (c: Context<AppEnv>, title: string, body: ReturnType<typeof stubBody>, status = 200) =>
    sendPage(c, deps, { title, stylesheets: ['/static/simple.css'], body, bodyClass: 'simple_page', status });

  /** The owner's pages: logged out → log-in links; someone else's blog → a 403 page with a way on. */
  const ownerOnly =
    (title: (blog: BlogRow) => string, render: (c: Context<AppEnv>, blog: BlogRow, ownBlogs: string[]) => Response, page: string) =>
    (c: Context<AppEnv>, blog: BlogRow) => {
      const session = c.get('session');
      if (!session.user) {
        return simple(
          c,
          title(blog),
          stubBody(title(blog), `Log in as ${blog.name}'s owner to see this page. In the demo, pick a seeded user:`, [
            [`/blog/${blog.name}/${page}?as=alice`, 'Log in as alice'],
            [`/blog/${blog.name}/${page}?as=bob`, 'Log in as bob'],
            [`/blog/${blog.name}`, `Back to ${blog.name}`],
          ]),
        );
      }
      if (ownerOf(db, blog.name) !== session.user.name) {
        return simple(
          c,
          title(blog),
          stubBody(title(blog), `Only the owner of ${blog.name} can see this page.`, [
            ...(session.primaryBlog ? ([[`/blog/${session.primaryBlog}/${page}`, `Yours`]] as [string, string][]) : []),
            [`/blog/${blog.name}`, `Visit ${blog.name}`],
          ]),
          403,
        );
      }
      return render(c, blog, session.blogs);
    };

  r.get(
    '/blog/:name/activity',
    withBlog(
      ownerOnly(
        (blog) => `Activity for ${blog.name}`,
        (c, blog, ownBlogs) => {
          // The same JSON the popover reads, through the same parser: the page and the popover agree.
          const data = parseActivity(
            { name: blog.name, activity_notifications: activityNotifications(db, originOf(c.req.url), blog.name, ACTIVITY_PAGE_LIMIT) },
            blog.name,
          );
          return simple(
            c,
            `Activity for ${blog.name}`,
            activityPageBody({
              blog: blogRef(blog),
              notifications: data.notifications,
              sparkline: activitySparkline(db, blog.name),
              nowMs: Date.now(),
              ownBlogs,
            }),
          );
        },
        'activity',
      ),
    ),
  );

  // Drafts, the queue and the inbox (asks and submissions): what waits for the blogger, with its actions.
  const PENDING_STATES: Record<PendingPage, string> = { drafts: 'draft', queue: 'queued', inbox: 'submission' };
  for (const page of ['drafts', 'queue', 'inbox'] as const) {
    r.get(
      `/blog/:name/${page}`,
      withBlog(
        ownerOnly(
          (blog) => `${page[0]!.toUpperCase()}${page.slice(1)} | ${blog.name}`,
          (c, blog, ownBlogs) => {
            const rows = db
              .prepare('SELECT * FROM posts WHERE blog_name = ? AND state = ? ORDER BY timestamp DESC, id DESC LIMIT 100')
              .all(blog.name, PENDING_STATES[page]) as PostRow[];
            return sendPage(c, deps, {
              title: `${page[0]!.toUpperCase()}${page.slice(1)} | ${blog.name}`,
              stylesheets: ['/static/simple.css'],
              scripts: ['/static/legacy.js'],
              body: pendingPageBody({ blog: blogRef(blog), page, posts: rows.map(pendingView), ownBlogs }),
              bodyClass: 'simple_page',
            });
          },
          page,
        ),
      ),
    );
  }

  r.get(
    '/blog/:name/ask',
    withBlog((c, blog) => simple(c, `Ask ${blog.name} a question`, askPageBody({ ...blogRef(blog), asks: blog.asks === 1 }))),
  );

  const submitPage = (c: Context<AppEnv>, blog: BlogRow, extra: { error?: string; values?: { title: string; body: string } } = {}) => {
    const session = c.get('session');
    return simple(
      c,
      `Submit a post to ${blog.name}`,
      submitPageBody({
        blog: { ...blogRef(blog), submissions: blog.submissions === 1 },
        loggedIn: !!session.user,
        formKey: session.formKey,
        sent: c.req.query('sent') === '1',
        ...extra,
      }),
      extra.error ? 400 : 200,
    );
  };
  r.get(
    '/blog/:name/submit',
    withBlog((c, blog) => submitPage(c, blog)),
  );
  r.post(
    '/blog/:name/submit',
    withBlog((c, blog) => {
      const session = c.get('session');
      if (!session.user || !session.primaryBlog || blog.submissions !== 1) return submitPage(c, blog);
      const values = { title: (field(c, 'title') ?? '').trim(), body: (field(c, 'body') ?? '').trim() };
      // The browser's maxlength already stops longer text; this is for a form posted by other means.
      if (!values.body) return submitPage(c, blog, { error: 'Write something to submit.', values });
      if (values.title.length > SUBMIT_TITLE_MAX || values.body.length > SUBMIT_BODY_MAX) {
        return submitPage(c, blog, {
          error: `Keep the title under ${SUBMIT_TITLE_MAX} and the post under ${SUBMIT_BODY_MAX} characters.`,
          values,
        });
      }
      const content = { title: values.title, body: values.body, format: 'plain', submitter: session.primaryBlog };
      insertPendingPost(db, { blog: blog.name, type: 'text', state: 'submission', content, timestamp: Math.floor(Date.now() / 1000) });
      return c.redirect(`/blog/${blog.name}/submit?sent=1`, 303);
    }),
  );

  return r;
}
