/**
 * Post actions (authoring spec §7 "Post actions"), every one with the form key, state persisted:
 *   POST /svc/like, /svc/unlike   id, root_id, key, placement_id, is_recommended, pt, method, source, offset
 *        → { liked, post_id, note_count }
 *   POST /fast_reblog            reblog_key, reblog_post_id, queue, pt → { post_id, post_tumblelog: { avatar, name_or_id } }
 *   POST /svc/reply              reply_text, post_id, tumblelog, tumblelog_key, source → { reply_id }
 *   POST /publish, /queue        id (+ queue) → { post_id, state }             (own posts; /queue is our name, the spec does not give one)
 *   POST /svc/post/delete        post_id, channel_id → { post_id, deleted: true }   (own posts)
 *   POST /svc/promote            tag, post_id, reblog_key, tumblelog_name → { tag_id }
 *   POST /svc/unpromote          tag_id + the same fields → { removed: true }
 *   POST /answer                 post_id, tumblelog, key, answer_text → { post_id, state: 'published' } (own unanswered asks)
 *   POST /approve_submission     id, queue → { post_id, state };  POST /deny_submission  pid → { post_id, deleted: true }
 *   POST /remove_app_attribution post_id, tumblelog_id → { post_id, removed: true }  (own posts that name an app)
 * Errors: 400 missing fields / own post liked, 401 logged out, 403 not yours / blocked, 404 unknown post or key.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { field } from '../lib/body';
import { isBlocked } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { avatarUrl } from '../lib/links';
import { isVisibleTo, parseContent } from '../lib/posts';
import { parseOptions } from '../lib/post-form';
import { requireUser } from '../lib/session';
import type { AppEnv, Deps, PostRow, SessionInfo, UserRow } from '../lib/types';

type Authed = SessionInfo & { user: UserRow; primaryBlog: string };

export function postActionRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const byId = db.prepare('SELECT * FROM posts WHERE id = ?');

  /** The signed-in user and the post named by `name` (a numeric id), or the error response. */
  const target = (c: Context<AppEnv>, name: string): { response: Response } | { session: Authed; post: PostRow } => {
    const auth = requireUser(c);
    if ('response' in auth) return auth;
    const id = field(c, name) ?? '';
    if (!id) return { response: fail(c, 400, E.badRequest(`Missing "${name}".`)) };
    const post = /^\d+$/.test(id) ? (byId.get(Number(id)) as PostRow | undefined) : undefined;
    if (!post) return { response: fail(c, 404, E.notFound(`No post ${id}.`)) };
    return { session: auth.session, post };
  };

  /** As target, for acting on someone else's post: their draft, queue or inbox is not there for you (404, as no post). */
  const visible = (c: Context<AppEnv>, name: string) => {
    const t = target(c, name);
    if ('response' in t) return t;
    if (!isVisibleTo(t.post, t.session)) return { response: fail(c, 404, E.notFound(`No post ${field(c, name)}.`)) };
    return t;
  };

  const own = (c: Context<AppEnv>, name: string) => {
    const t = target(c, name);
    if ('response' in t) return t;
    if (!t.session.blogs.includes(t.post.blog_name)) return { response: fail(c, 403, E.forbidden('That is not your post.')) };
    return t;
  };

  const like = (liked: boolean) => (c: Context<AppEnv>) => {
    const t = visible(c, 'id');
    if ('response' in t) return t.response;
    const { session, post } = t;
    if (field(c, 'key') !== post.reblog_key) return fail(c, 404, E.notFound('That post cannot be liked.'));
    if (liked && session.blogs.includes(post.blog_name)) return fail(c, 400, E.badRequest("You can't like your own post."));
    if (liked && isBlocked(db, post.blog_name, session.primaryBlog)) return fail(c, 403, E.blocked(`${post.blog_name} has blocked you.`));
    const change = liked
      ? db
          .prepare('INSERT OR IGNORE INTO likes (user_name, post_id, source, created_ts) VALUES (?, ?, ?, ?)')
          .run(session.name, post.id, field(c, 'source') ?? '', Math.floor(Date.now() / 1000)).changes
      : db.prepare('DELETE FROM likes WHERE user_name = ? AND post_id = ?').run(session.name, post.id).changes;
    if (change) {
      const delta = liked ? 1 : -1;
      db.prepare('UPDATE posts SET note_count = MAX(0, note_count + ?) WHERE id = ?').run(delta, post.id);
      db.prepare('UPDATE users SET liked_post_count = MAX(0, liked_post_count + ?) WHERE name = ?').run(delta, session.name);
    }
    const after = byId.get(post.id) as PostRow;
    return ok(c, { liked, post_id: String(post.id), note_count: after.note_count });
  };
  r.post('/svc/like', like(true));
  r.post('/svc/unlike', like(false));

  r.post('/fast_reblog', (c) => {
    const t = visible(c, 'reblog_post_id');
    if ('response' in t) return t.response;
    const { session, post } = t;
    if (field(c, 'reblog_key') !== post.reblog_key) return fail(c, 404, E.notFound('That post cannot be reblogged.'));
    if (isBlocked(db, post.blog_name, session.primaryBlog)) return fail(c, 403, E.blocked(`${post.blog_name} has blocked you.`));
    const queue = field(c, 'queue') === '1' || field(c, 'queue') === 'true';
    const content = { ...parseContent(post), comment: '', reblogged_from: post.blog_name };
    const info = db
      .prepare(
        `INSERT INTO posts (blog_name, type, state, timestamp, note_count, reblog_key, slug, summary, tags, content, is_nsfw, publish_on, options, reblog_of)
      VALUES (?, ?, ?, ?, 0, ?, ?, ?, '[]', ?, ?, '', '{}', ?)`,
      )
      .run(
        session.primaryBlog,
        post.type,
        queue ? 'queued' : 'published',
        Math.floor(Date.now() / 1000),
        randomBytes(6).toString('base64url'),
        post.slug,
        post.summary,
        JSON.stringify(content),
        post.is_nsfw,
        post.id,
      );
    db.prepare('UPDATE posts SET note_count = note_count + 1 WHERE id = ?').run(post.id);
    return ok(c, {
      post_id: String(info.lastInsertRowid),
      post_tumblelog: { avatar: avatarUrl(session.primaryBlog, 64), name_or_id: session.primaryBlog },
    });
  });

  r.post('/svc/reply', (c) => {
    const t = visible(c, 'post_id');
    if ('response' in t) return t.response;
    const text = (field(c, 'reply_text') ?? '').trim();
    if (!text) return fail(c, 400, E.badRequest('Missing "reply_text".'));
    // As a like or a reblog: a blog that blocked you takes no reply from you.
    if (isBlocked(db, t.post.blog_name, t.session.primaryBlog)) return fail(c, 403, E.blocked(`${t.post.blog_name} has blocked you.`));
    if (text.length > 475) return fail(c, 400, E.badRequest('A reply is at most 475 characters.'));
    const info = db
      .prepare('INSERT INTO replies (post_id, blog_name, reply_text, source, created_ts) VALUES (?, ?, ?, ?, ?)')
      .run(t.post.id, t.session.primaryBlog, text, field(c, 'source') ?? '', Math.floor(Date.now() / 1000));
    db.prepare('UPDATE posts SET note_count = note_count + 1 WHERE id = ?').run(t.post.id);
    return ok(c, { reply_id: String(info.lastInsertRowid) });
  });

  const setState = (idField: string, state: (c: Context<AppEnv>) => string) => (c: Context<AppEnv>) => {
    const t = own(c, idField);
    if ('response' in t) return t.response;
    const next = state(c);
    db.prepare("UPDATE posts SET state = ?, timestamp = CASE WHEN ? = 'published' THEN ? ELSE timestamp END WHERE id = ?").run(
      next,
      next,
      Math.floor(Date.now() / 1000),
      t.post.id,
    );
    return ok(c, { post_id: String(t.post.id), state: next });
  };
  const queueOr = (fallback: string) => (c: Context<AppEnv>) =>
    field(c, 'queue') === '1' || field(c, 'queue') === 'true' ? 'queued' : fallback;
  r.post(
    '/publish',
    setState('id', () => 'published'),
  );
  r.post(
    '/queue',
    setState('id', () => 'queued'),
  );
  r.post('/approve_submission', setState('id', queueOr('published')));

  const remove = (idField: string) => (c: Context<AppEnv>) => {
    const t = own(c, idField);
    if ('response' in t) return t.response;
    db.prepare('DELETE FROM posts WHERE id = ?').run(t.post.id);
    return ok(c, { post_id: String(t.post.id), deleted: true });
  };
  r.post('/svc/post/delete', remove('post_id'));
  r.post('/deny_submission', remove('pid'));

  r.post('/answer', (c) => {
    const t = own(c, 'post_id');
    if ('response' in t) return t.response;
    const answer = (field(c, 'answer_text') ?? '').trim();
    if (!answer) return fail(c, 400, E.badRequest('Missing "answer_text".'));
    if (t.post.type !== 'answer') return fail(c, 400, E.badRequest('Only asks can be answered.'));
    const content = { ...parseContent(t.post), answer };
    db.prepare("UPDATE posts SET content = ?, state = 'published' WHERE id = ?").run(JSON.stringify(content), t.post.id);
    return ok(c, { post_id: String(t.post.id), state: 'published' });
  });

  r.post('/remove_app_attribution', (c) => {
    const t = own(c, 'post_id');
    if ('response' in t) return t.response;
    if (field(c, 'tumblelog_id') !== t.post.blog_name) return fail(c, 400, E.badRequest('"tumblelog_id" is not the post\'s blog.'));
    const options = parseOptions(t.post);
    if (typeof options.app_attribution !== 'string') return fail(c, 404, E.notFound('This post names no app.'));
    delete options.app_attribution;
    db.prepare('UPDATE posts SET options = ? WHERE id = ?').run(JSON.stringify(options), t.post.id);
    return ok(c, { post_id: String(t.post.id), removed: true });
  });

  r.post('/svc/promote', (c) => {
    const t = own(c, 'post_id');
    if ('response' in t) return t.response;
    const tag = (field(c, 'tag') ?? '').trim();
    if (!tag) return fail(c, 400, E.badRequest('Missing "tag".'));
    db.prepare('INSERT OR IGNORE INTO promotions (post_id, tag) VALUES (?, ?)').run(t.post.id, tag);
    const row = db.prepare('SELECT id FROM promotions WHERE post_id = ? AND tag = ?').get(t.post.id, tag) as { id: number };
    return ok(c, { tag_id: String(row.id) });
  });

  r.post('/svc/unpromote', (c) => {
    const t = own(c, 'post_id');
    if ('response' in t) return t.response;
    const removed = db
      .prepare('DELETE FROM promotions WHERE id = ? AND post_id = ?')
      .run(Number(field(c, 'tag_id') ?? 0), t.post.id).changes;
    if (!removed) return fail(c, 404, E.notFound('No such promotion.'));
    return ok(c, { removed: true });
  });

  return r;
}
