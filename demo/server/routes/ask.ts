/**
 * Asking a blog a question (messaging-and-browsing spec §7).
 *   POST /svc/post/ask   recipient, anonymous ('true'/'false'), question
 *        → 200 { response: { question: { id, recipient, asker, anonymous, question, created_ts } } }
 *        → 200 { response: { errors: [{ code, title, detail }] } } when the ask breaks a rule
 *          (spec: "response may contain an errors list (first is shown), else success"):
 *          the blog takes no questions, takes no anonymous ones, a logged-out visitor asks by
 *          name, or the question is empty, has a link or is over 500 characters.
 *        → 400 missing recipient · 404 unknown blog · 403 without the form key (middleware)
 * Questions land in the `asks` table (the blog's inbox): GET /__demo/state?table=asks&recipient=bob.
 */
import { Hono } from 'hono';
import { field, flag } from '../lib/body';
import { findBlog } from '../lib/blogs';
import { insertPendingPost } from '../lib/post-rows';
import { E, fail, ok, type ApiErrorItem } from '../lib/envelope';
import type { AppEnv, Deps } from '../lib/types';
import { stripNewlines, validateQuestion } from '../../../elements/ask-form/model/rules';

export function askRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  r.post('/svc/post/ask', (c) => {
    const recipient = field(c, 'recipient');
    if (!recipient) return fail(c, 400, E.badRequest('Missing "recipient".'));
    const blog = findBlog(db, recipient);
    if (!blog) return fail(c, 404, E.blogNotFound(recipient));
    const session = c.get('session');
    const anonymous = flag(c, 'anonymous');
    const question = stripNewlines(field(c, 'question') ?? '').trim();
    const rule = (title: string, detail: string, code = 1004): Response =>
      ok(c, { errors: [{ code, title, detail } satisfies ApiErrorItem] });

    if (blog.asks !== 1) return rule('Asks off', `${blog.name} is not taking questions right now.`);
    if (anonymous && blog.anonymous_asks !== 1) return rule('No anonymous asks', `${blog.name} doesn't accept anonymous questions.`);
    if (!anonymous && !session.primaryBlog) {
      return rule(
        'Logged out',
        blog.anonymous_asks === 1 ? 'Log in to ask with your name, or ask anonymously.' : `Log in to ask ${blog.name} a question.`,
        1001,
      );
    }
    const invalid = validateQuestion(question);
    if (invalid) return rule('Invalid question', invalid, 1000);

    const asker = anonymous ? null : session.primaryBlog;
    const created = Math.floor(Date.now() / 1000);
    const info = db
      .prepare('INSERT INTO asks (recipient, asker, anonymous, question, created_ts) VALUES (?, ?, ?, ?, ?)')
      .run(blog.name, asker, anonymous ? 1 : 0, question, created);
    // The question also waits in the blog's inbox (/blog/{name}/inbox) as an unanswered ask, for /answer.
    insertPendingPost(db, {
      blog: blog.name,
      type: 'answer',
      state: 'submission',
      timestamp: created,
      content: {
        question,
        asking_name: asker ?? 'Anonymous',
        asking_url: asker ? `/blog/${asker}` : null,
        anonymous: asker === null,
        answer: '',
      },
    });
    return ok(c, { question: { id: Number(info.lastInsertRowid), recipient: blog.name, asker, anonymous, question, created_ts: created } });
  });

  return r;
}
