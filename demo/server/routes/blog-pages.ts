/**
 * A blog's small pages (messaging spec §1 routes), so no link of the elements leads to a 404:
 *   GET  /blog/:name/activity   the full activity page (linked from <activity-popover>): the owner only
 *                               (logged out → log-in links; someone else's blog → 403 page)
 *   GET  /blog/:name/ask        the blog's <ask-form>, open on arrival ({blog_url}/ask)
 *   GET  /blog/:name/submit     a text post offered to the blog ({blog_url}/submit; ?sent=1 after sending)
 *   POST /blog/:name/submit     title, body, form_key → a post in state 'submission' on that blog (what
 *                               /approve_submission and /deny_submission act on) → 303 to ?sent=1
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { parseActivity } from '../../../src/models/activity';
import { activityNotifications, activitySparkline } from '../lib/activity';
import { originOf, ownerOf } from '../lib/blogs';
import { field } from '../lib/body';
import { slugOf, summaryOf } from '../lib/posts';
import type { AppEnv, BlogRow, Deps } from '../lib/types';
import { activityPageBody, askPageBody, submitPageBody, SUBMIT_BODY_MAX, SUBMIT_TITLE_MAX, type BlogRef } from '../../pages/blog-pages';
import { htmlToText } from '../../pages/html';
import { stubBody } from '../../pages/simple';
import { blogRoute, sendPage } from './pages';

/** The full activity page shows this many notifications (the popover shows 50). */
const ACTIVITY_PAGE_LIMIT = 200;

const blogRef = (blog: BlogRow): BlogRef => ({ name: blog.name, title: blog.title, description: htmlToText(blog.description_sanitized) });

export function blogPageRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const withBlog = blogRoute(deps);
  const simple = (c: Context<AppEnv>, title: string, body: ReturnType<typeof stubBody>, status = 200) =>
    sendPage(c, deps, { title, stylesheets: ['/static/simple.css'], body, bodyClass: 'simple_page', status });

  r.get(
    '/blog/:name/activity',
    withBlog((c, blog) => {
      const session = c.get('session');
      const title = `Activity for ${blog.name}`;
      if (!session.user) {
        return simple(
          c,
          title,
          stubBody(title, `Log in as ${blog.name}'s owner to see its activity. In the demo, pick a seeded user:`, [
            [`/blog/${blog.name}/activity?as=alice`, 'Log in as alice'],
            [`/blog/${blog.name}/activity?as=bob`, 'Log in as bob'],
            [`/blog/${blog.name}`, `Back to ${blog.name}`],
          ]),
        );
      }
      if (ownerOf(db, blog.name) !== session.user.name) {
        return simple(
          c,
          title,
          stubBody(title, `Only the owner of ${blog.name} can see its activity.`, [
            ...(session.primaryBlog ? ([[`/blog/${session.primaryBlog}/activity`, `Your activity`]] as [string, string][]) : []),
            [`/blog/${blog.name}`, `Visit ${blog.name}`],
          ]),
          403,
        );
      }
      // The same JSON the popover reads, through the same parser: the page and the popover agree.
      const data = parseActivity(
        { name: blog.name, activity_notifications: activityNotifications(db, originOf(c.req.url), blog.name, ACTIVITY_PAGE_LIMIT) },
        blog.name,
      );
      return simple(
        c,
        title,
        activityPageBody({
          blog: blogRef(blog),
          notifications: data.notifications,
          sparkline: activitySparkline(db, blog.name),
          nowMs: Date.now(),
          ownBlogs: session.blogs,
        }),
      );
    }),
  );

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
      db.prepare(
        `INSERT INTO posts (blog_name, type, state, timestamp, note_count, reblog_key, slug, summary, tags, content, is_nsfw, publish_on, options, reblog_of)
         VALUES (?, 'text', 'submission', ?, 0, ?, ?, ?, '[]', ?, 0, '', '{}', NULL)`,
      ).run(
        blog.name,
        Math.floor(Date.now() / 1000),
        randomBytes(6).toString('base64url'),
        slugOf(values.title || values.body),
        summaryOf(content),
        JSON.stringify(content),
      );
      return c.redirect(`/blog/${blog.name}/submit?sent=1`, 303);
    }),
  );

  return r;
}
