/**
 * The post form's calls (authoring spec §7 "Post form").
 *   POST /svc/post/get_post_form_builder_data   → { channels: [{ name, title, avatar_url, …, twitter_send_posts,
 *        facebook_opengraph_send_posts }], limits, user }: each channel's auto-send settings (routes/settings.ts)
 *   POST /svc/post/fetch   post_id [+ channel_id] (an edit) | reblog_id + reblog_key (a reblog)
 *        → { post, created_post: false, post_tumblelog, post_context_page, reblog_html? }
 *   POST /svc/post/update  the form's payload (elements/post-composer/model/post.ts updatePayload), validated with the
 *        client's own rules (validatePost) → the save response: { post: { id, is_edit, is_reblog },
 *        post_dashboard_html, post_context_page, created_post, message, post_tumblelog, context_tumblelog }
 *        → 400 { errors: [{ title, detail }] } with the spec's message when the post is not valid
 *        → 403 for a blog the user does not own, 404 for an unknown post or a wrong reblog key
 *   GET  /svc/post/:pageRoot/:before|after/:postId   the dashboard HTML of the posts listed before
 *        (newer than) or after a post: { html, post_ids }
 * Every call takes fault injection (/__demo/faults) like any other path.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { blogBasics, getBlog, originOf, postCount } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { requireUser } from '../lib/session';
import { contentFromForm, contextPageOfState, formFromRow, optionsFromForm, parseOptions, storedType } from '../lib/post-form';
import { dashboardWhere, isVisibleTo, parseContent, postUrl } from '../lib/posts';
import { slugOf, summaryOf } from '../lib/post-rows';
import type { AppEnv, Deps, PostRow, SessionInfo } from '../lib/types';
import { avatarUrl } from '../lib/links';
import { viewerState } from '../lib/post-json';
import {
  MAX_PHOTOS,
  editorTypeToCode,
  parsePostDate,
  postFromPayload,
  validatePost,
  type PostModel,
} from '../../../elements/post-composer/model/post';
import { postHtml } from '../../pages/dashboard';
import { toPostView } from './pages';

export const POST_LIMITS = { max_photos: MAX_PHOTOS, photo_caption: 200, tweet_length: 140, short_url_length: 29, max_tags: 30 } as const;
const FRAGMENT_PAGE_SIZE = 20;

export function postRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const postById = db.prepare('SELECT * FROM posts WHERE id = ?');

  /** The body as flat strings (post[one] … stay as they came). */
  const bodyStrings = (c: Context<AppEnv>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.get('body') ?? {})) {
      const value = Array.isArray(v) ? v[0] : v;
      if (typeof value === 'string') out[k] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') out[k] = String(value);
    }
    return out;
  };

  const tumblelogInfo = (origin: string, name: string) => ({
    name_or_id: name,
    url: `${origin}/blog/${name}`,
    avatar: avatarUrl(name, 64),
    posts_count: postCount(db, name),
    drafts_count: (db.prepare("SELECT COUNT(*) AS n FROM posts WHERE blog_name = ? AND state = 'draft'").get(name) as { n: number }).n,
    queue_count: (
      db.prepare("SELECT COUNT(*) AS n FROM posts WHERE blog_name = ? AND state IN ('queued', 'scheduled')").get(name) as { n: number }
    ).n,
  });

  const renderPost = (origin: string, row: PostRow, session: SessionInfo) =>
    postHtml(toPostView(origin, row), {
      ownBlogs: session.blogs,
      liked: new Set([...viewerState(db, session, [row.id]).liked].map(String)),
    }).toString();

  r.post('/svc/post/get_post_form_builder_data', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const { session } = auth;
    const origin = originOf(c.req.url);
    const channels = session.blogs
      .map((name) => {
        const blog = getBlog(db, name);
        return blog
          ? {
              ...blogBasics(origin, blog),
              is_current: name === session.primaryBlog,
              // The blog's auto-send settings (POST /settings/save): the post form's starting point.
              twitter_send_posts: blog.twitter_send_posts === 1,
              facebook_opengraph_send_posts: blog.facebook_opengraph_send_posts === 1,
            }
          : null;
      })
      .filter((x) => x !== null);
    return ok(c, {
      channels,
      limits: POST_LIMITS,
      user: { name: session.name, primary: session.primaryBlog, defaultEditorType: editorTypeToCode('rich') },
    });
  });

  r.post('/svc/post/fetch', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const body = bodyStrings(c);
    const origin = originOf(c.req.url);
    const reblogId = body.reblog_id;
    const id = reblogId ?? body.post_id;
    if (!id || !/^\d+$/.test(id)) return fail(c, 400, E.badRequest('Missing "post_id" or "reblog_id".'));
    const row = postById.get(Number(id)) as PostRow | undefined;
    if (!row) return fail(c, 404, E.notFound(`No post ${id}.`));
    if (reblogId) {
      if (body.reblog_key !== row.reblog_key) return fail(c, 404, E.notFound('That reblog key does not match the post.'));
      if (row.state !== 'published') return fail(c, 404, E.notFound(`No post ${id}.`));
      return ok(c, {
        // The carousel slide asked for comes back with the post (the form sends it on with the reblog).
        post: { ...formFromRow(row), carousel_index: /^\d{1,2}$/.test(body.carousel_index ?? '') ? Number(body.carousel_index) : 0 },
        created_post: false,
        post_tumblelog: { ...tumblelogInfo(origin, row.blog_name), post_url: postUrl(origin, row) },
        post_context_page: contextPageOfState(row.state),
        reblog_html: renderPost(origin, row, auth.session),
      });
    }
    if (!auth.session.blogs.includes(row.blog_name)) return fail(c, 403, E.forbidden('You can only edit your own posts.'));
    // channel_id names the blog the post is edited on: one of the user's, and the post's own.
    if (body.channel_id && !auth.session.blogs.includes(body.channel_id))
      return fail(c, 403, E.forbidden(`You cannot edit posts of "${body.channel_id}".`));
    if (body.channel_id && body.channel_id !== row.blog_name) return fail(c, 404, E.notFound(`No post ${id} on ${body.channel_id}.`));
    return ok(c, {
      post: formFromRow(row),
      created_post: false,
      post_tumblelog: { ...tumblelogInfo(origin, row.blog_name), post_url: postUrl(origin, row) },
      post_context_page: contextPageOfState(row.state),
      ...(row.reblog_of !== null ? { reblog_html: reblogSourceHtml(origin, row, auth.session) } : {}),
    });
  });

  /** For an edit of a reblog: the reblogged post, as it was when reblogged. */
  const reblogSourceHtml = (origin: string, row: PostRow, session: SessionInfo): string => {
    const source = row.reblog_of !== null ? (postById.get(row.reblog_of) as PostRow | undefined) : undefined;
    return source ? renderPost(origin, source, session) : '';
  };

  /** The options column, with the update's record-only fields as sent (each at most 2 KB). */
  const optionsOf = (post: PostModel, body: Readonly<Record<string, string | undefined>>, existing?: PostRow) => {
    const kept = (key: string) => (body[key] ?? '').slice(0, 2048);
    // What the form does not set stays as it was: the app the post was made with (only its blogger's
    // remove_app_attribution takes it away).
    const app = existing ? parseOptions(existing).app_attribution : undefined;
    return {
      ...(typeof app === 'string' ? { app_attribution: app } : {}),
      ...optionsFromForm(post),
      context_id: kept('context_id'),
      content_stats: kept('content_stats'),
      share_data: kept('share_data'),
      reblog_source: post.reblogSource,
    };
  };

  r.post('/svc/post/update', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const { session } = auth;
    const body = bodyStrings(c);
    const origin = originOf(c.req.url);
    const channel = body.channel_id || session.primaryBlog;
    if (!session.blogs.includes(channel)) return fail(c, 403, E.forbidden(`You cannot post to "${channel}".`));
    const { post, stateValid } = postFromPayload(body);
    if (!post) return fail(c, 400, E.badRequest(`Unknown post type "${body['post[type]'] ?? ''}".`));
    if (!stateValid) return fail(c, 400, { code: 1000, title: 'Invalid post', detail: 'Invalid "state" value' });
    const problems = validatePost(post);
    if (problems.length)
      return fail(
        c,
        400,
        problems.map((p) => ({ code: 1000, title: 'Invalid post', detail: p.message })),
      );

    const tags = JSON.stringify(post.tags.slice(0, POST_LIMITS.max_tags));
    const now = Math.floor(Date.now() / 1000);
    // post[date]: the post's own date when the blogger set one (validated like the client), else now.
    const dated = post.postDate.trim() ? parsePostDate(post.postDate) : null;
    let row: PostRow;
    let isEdit = false;
    if (post.mode === 'edit') {
      const existing = postById.get(Number(post.postId)) as PostRow | undefined;
      if (!existing || !/^\d+$/.test(post.postId)) return fail(c, 404, E.notFound(`No post ${post.postId}.`));
      if (!session.blogs.includes(existing.blog_name)) return fail(c, 403, E.forbidden('You can only edit your own posts.'));
      const content =
        existing.reblog_of !== null
          ? {
              ...parseContent(existing),
              comment: post.type === 'text' ? post.body : post.caption,
              reblog_tree_removed: post.removeReblogTree,
            }
          : contentFromForm(post);
      db.prepare(
        `UPDATE posts SET blog_name = ?, state = ?, slug = ?, tags = ?, content = ?, is_nsfw = ?, publish_on = ?, options = ?, summary = ?, timestamp = ? WHERE id = ?`,
      ).run(
        channel,
        post.state,
        slugOf(post.customUrl),
        tags,
        JSON.stringify(content),
        post.owner_flagged_nsfw ? 1 : 0,
        post.publish_on,
        JSON.stringify(optionsOf(post, body, existing)),
        summaryOf(content),
        dated ?? existing.timestamp,
        existing.id,
      );
      row = postById.get(existing.id) as PostRow;
      isEdit = true;
    } else {
      let type = storedType(post.type);
      let content: Record<string, unknown> = contentFromForm(post);
      let reblogOf: number | null = null;
      if (post.mode === 'reblog') {
        const source = postById.get(Number(post.reblog_id)) as PostRow | undefined;
        if (!source || source.reblog_key !== post.reblog_key || !isVisibleTo(source, session))
          return fail(c, 404, E.notFound('That post cannot be reblogged.'));
        type = source.type;
        content = {
          ...parseContent(source),
          comment: post.type === 'text' ? post.body : post.caption,
          reblogged_from: source.blog_name,
          // remove_reblog_tree: the reblog shows only its own addition (the page renderer reads this).
          ...(post.removeReblogTree ? { reblog_tree_removed: true } : {}),
        };
        reblogOf = source.id;
        db.prepare('UPDATE posts SET note_count = note_count + 1 WHERE id = ?').run(source.id);
      }
      const info = db
        .prepare(
          `INSERT INTO posts (blog_name, type, state, timestamp, note_count, reblog_key, slug, summary, tags, content, is_nsfw, publish_on, options, reblog_of)
        VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          channel,
          type,
          post.state,
          dated ?? now,
          randomBytes(6).toString('base64url'),
          slugOf(post.customUrl),
          summaryOf(content),
          tags,
          JSON.stringify(content),
          post.owner_flagged_nsfw ? 1 : 0,
          post.publish_on,
          JSON.stringify(optionsOf(post, body)),
          reblogOf,
        );
      row = postById.get(Number(info.lastInsertRowid)) as PostRow;
    }
    const contextPage = contextPageOfState(row.state);
    return ok(c, {
      post: { id: String(row.id), is_edit: isEdit, is_reblog: row.reblog_of !== null },
      post_dashboard_html: renderPost(origin, row, session),
      post_context_page: contextPage,
      created_post: !isEdit,
      message: isEdit
        ? 'Your post was updated.'
        : row.reblog_of !== null
          ? `Reblogged to ${channel}.`
          : row.state === 'published' || row.state === 'private'
            ? `Posted to ${channel}.`
            : row.state === 'draft'
              ? 'Saved as a draft.'
              : row.state === 'scheduled'
                ? 'Scheduled.'
                : 'Added to your queue.',
      post_tumblelog: {
        post_url: postUrl(origin, row),
        name_or_id: row.blog_name,
        url: `${origin}/blog/${row.blog_name}`,
        avatar: avatarUrl(row.blog_name, 64),
      },
      context_tumblelog: tumblelogInfo(origin, row.blog_name),
    });
  });

  // The direction is in the pattern, so /svc/post/share/{blog}/{id} (routes/share.ts) is not taken for a page root.
  r.get('/svc/post/:pageRoot/:direction{before|after}/:postId', (c) => {
    const { pageRoot, direction, postId } = c.req.param();
    if (direction !== 'before' && direction !== 'after') return fail(c, 404, E.notFound());
    if (!/^\d+$/.test(postId)) return fail(c, 400, E.badRequest('Bad post id.'));
    const session = c.get('session');
    if (!session.primaryBlog) return fail(c, 401, E.loggedOut());
    const origin = originOf(c.req.url);
    const reference = postById.get(Number(postId)) as PostRow | undefined;
    if (!reference) return fail(c, 404, E.notFound(`No post ${postId}.`));
    const newer = direction === 'before';
    const order = newer
      ? '(p.timestamp > @ts OR (p.timestamp = @ts AND p.id > @id))'
      : '(p.timestamp < @ts OR (p.timestamp = @ts AND p.id < @id))';
    const owned = session.blogs.map((_, i) => `@b${i}`).join(', ');
    const blogParams = Object.fromEntries(session.blogs.map((b, i) => [`b${i}`, b]));
    let where: string;
    if (pageRoot === 'drafts') where = `p.state = 'draft' AND p.blog_name IN (${owned})`;
    else if (pageRoot === 'queue') where = `p.state IN ('queued', 'scheduled') AND p.blog_name IN (${owned})`;
    else where = dashboardWhere(owned);
    const rows = db
      .prepare(
        `SELECT p.* FROM posts p WHERE ${where} AND ${order} ORDER BY p.timestamp ${newer ? 'ASC' : 'DESC'}, p.id ${newer ? 'ASC' : 'DESC'} LIMIT ${FRAGMENT_PAGE_SIZE}`,
      )
      .all({ ...blogParams, primary: session.primaryBlog, ts: reference.timestamp, id: reference.id }) as PostRow[];
    // Newest first, as the page lists them.
    const listed = newer ? rows.reverse() : rows;
    return ok(c, { html: listed.map((row) => renderPost(origin, row, session)).join('\n'), post_ids: listed.map((row) => String(row.id)) });
  });

  return r;
}
