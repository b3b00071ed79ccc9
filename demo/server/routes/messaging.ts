/**
 * Messaging for <messaging-dock> (spec §7). `participant` is always the uuid of one of the session
 * user's own blogs (the blog messaging as); other blogs are named by uuid (or name). Times in ms.
 *
 *   GET    /svc/conversations?participant[&before=<last_modified_ts>][&limit=10]
 *            → { id, unread_messages_count_sum, conversations: [...newest first], _links: { next? } }
 *   GET    /svc/conversations/messages?participant&(conversation_id | participants=<uuid>…)[&limit=20][&before=<message id>]
 *            → { id, status, participants, can_send, is_possible_spam, is_blurred_images, last_read_ts, last_modified_ts,
 *                messages: { data: [...oldest first], _links: { previous? } } }   (marks the conversation read)
 *            404 when participants name no existing conversation (the client treats that as empty)
 *   POST   /svc/conversations/messages  participant, conversation_id | participants, type (TEXT|POSTREF|IMAGE or text|post|image),
 *            message, post (JSON {id, blog} or post_id), context, client_id, file `data` (png, jpeg, gif ≤ 10485760 bytes)
 *            → { conversation_id, messages: { data: [message] } }. A client_id already stored for the sender returns
 *            the stored message (sent once). `chatty-bot` answers every message about 2 s later.
 *   DELETE /svc/conversations/messages?conversation_id&participant → { deleted: true } (hidden until a newer message)
 *   POST   /svc/conversations/flag  conversation_id, participant, context, type spam | unblur
 *            spam: blocks the other participants and removes the conversation; unblur: shows images
 *   GET    /svc/conversations/participant_info?q=<uuid>&participant → the blog, its theme, relationship, tags (a name is refused: spec §7 asks for the uuid)
 *   GET    /svc/conversations/participant_suggestions?q&participant → { blogs } (search; own blogs excluded)
 *          /svc/conversations/participant_suggestions?participant[&limit=8][&include_recent=1] → { blogs } (favourites:
 *            recent conversation partners, then followed blogs; only blogs that can receive messages)
 *   POST   /svc/conversations/tutorial_seen → { seen: true }
 *   DELETE /svc/conversations/messages/:id?conversation_id=&participant= → { deleted: true } (hidden for that blog only)
 *   GET    /svc/conversations/images/<file> → an uploaded image (participants of its conversation only)
 *   GET    /services/poll?token=<polling token>&unread_messages=true&mention_keys=<key,…>
 *            → { unread_messages: { <key>: { <conversation id>: <unread count> } } } or { error: true } (bad token,
 *            unverified e-mail). A mention key is one of the user's blog names or uuids; other keys are left out.
 * Errors (code): 400 (1000) bad input; 401 (1001) logged out; 403 (1004) not your blog / cannot receive messages;
 * 403 (1010) blocked; 403 (7001) e-mail not verified (carol); 403 (7003) the recipient only accepts messages from
 * blogs it follows (letterpress); 409 (7004) you must follow the recipient first (lighthouse-keeper); 413 image too
 * large; 429 (7005) daily limit on new conversations (dora); 404 (1005) unknown conversation / blog.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { field, fileField } from '../lib/body';
import { findBlog, followState, getBlog, isBlocked, originOf } from '../lib/blogs';
import { E, fail, ok, type ApiErrorItem } from '../lib/envelope';
import { imageInfo } from '../lib/image-info';
import { isVisibleTo } from '../lib/posts';
import { requireUser } from '../lib/session';
import { serveFile } from '../lib/static';
import type { AppEnv, BlogRow, Deps, PostRow, SessionInfo, UserRow } from '../lib/types';
import { chattyBot } from '../lib/chatty-bot';
import { messagingJson } from '../lib/messaging-json';
import { messagingStore, type ConversationRow, type MessageRow, type PartRow } from '../lib/messaging-store';

export const MESSAGE_MAX_LENGTH = 4096;
export const IMAGE_MAX_BYTES = 10_485_760;
export const INBOX_PAGE_SIZE = 10;
export const MESSAGES_PAGE_SIZE = 20;
export const FAVOURITES_LIMIT = 8;
/** Blogs that take messages only from blogs they follow: 409 "you can only message blogs you follow", code 7004 (messaging spec §8). */
export const MUST_FOLLOW_FIRST: ReadonlySet<string> = new Set(['lighthouse-keeper']);

export const M = {
  unverified: (): ApiErrorItem => ({
    code: 7001,
    title: 'Forbidden',
    detail: 'Please verify your email address before talking to a Tumblr.',
  }),
  followedOnly: (name: string): ApiErrorItem => ({
    code: 7003,
    title: 'Forbidden',
    detail: `${name} only allows messages from Tumblrs they follow.`,
  }),
  mustFollow: (): ApiErrorItem => ({ code: 7004, title: 'Conflict', detail: 'You can only send messages to Tumblrs you follow.' }),
  dailyLimit: (): ApiErrorItem => ({ code: 7005, title: 'Limit Exceeded', detail: "You've hit the daily limit on new conversations." }),
};

type Auth = { session: SessionInfo & { user: UserRow; primaryBlog: string } };
type Result<T> = { response: Response } | T;

const TYPES: Readonly<Record<string, string>> = {
  TEXT: 'TEXT',
  text: 'TEXT',
  POSTREF: 'POSTREF',
  post: 'POSTREF',
  IMAGE: 'IMAGE',
  image: 'IMAGE',
};
const IMAGE_EXT: Readonly<Record<string, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif' };

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function messagingRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const uploadDir = join(deps.dataDir, 'messaging');
  // SQL apart (lib/messaging-store.ts), the JSON the client reads apart (lib/messaging-json.ts),
  // and chatty-bot apart (lib/chatty-bot.ts): this file is the routes and their rules.
  const store = messagingStore(db);
  const { q, partsOf, findConversation, insertMessage } = store;
  const { participantJson, messageJson, conversationJson } = messagingJson(db, store);
  const { scheduleBotReplies } = chattyBot(deps, store);

  r.use('/svc/conversations/*', async (c, next) => {
    await next();
    if (!c.req.path.startsWith('/svc/conversations/images/')) c.header('Cache-Control', 'no-store');
  });
  r.use('/svc/conversations', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  /** The session user's blog named by `participant` (uuid or name). */
  const ownBlog = (c: Context<AppEnv>, auth: Auth): Result<{ blog: BlogRow }> => {
    const ref = field(c, 'participant');
    if (!ref) return { response: fail(c, 400, E.badRequest('Missing "participant" (your blog uuid).')) };
    const blog = findBlog(db, ref);
    if (!blog || !auth.session.blogs.includes(blog.name))
      return { response: fail(c, 403, E.forbidden('"participant" is not one of your blogs.')) };
    return { blog };
  };

  /** A logged-in user acting as one of their blogs (`participant`): most routes start here. */
  const asOwnBlog = (
    c: Context<AppEnv>,
  ): Result<{ auth: Exclude<ReturnType<typeof requireUser>, { response: Response }>; blog: BlogRow }> => {
    const auth = requireUser(c);
    if ('response' in auth) return auth;
    const own = ownBlog(c, auth);
    if ('response' in own) return own;
    return { auth, blog: own.blog };
  };

  /** As asOwnBlog, for a conversation (`conversation_id`) that blog takes part in; 404 otherwise. */
  const ownConversation = (c: Context<AppEnv>) => {
    const own = asOwnBlog(c);
    if ('response' in own) return own;
    const id = field(c, 'conversation_id') ?? '';
    const conv = q.conversation.get(id) as ConversationRow | undefined;
    if (!conv || !q.part.get(id, own.blog.name)) return { response: fail(c, 404, E.notFound('No such conversation.')) };
    return { ...own, id, conv };
  };

  /** The other blogs named by `participants` (repeated, or comma-separated). */
  const otherBlogs = (c: Context<AppEnv>): BlogRow[] | null => {
    const body = c.get('body') ?? {};
    const raw = body.participants ?? c.req.queries('participants') ?? c.req.queries('participants[]');
    const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length === 0) return null;
    const blogs: BlogRow[] = [];
    for (const ref of list) {
      const b = findBlog(db, ref);
      if (!b) return [];
      if (!blogs.some((x) => x.name === b.name)) blogs.push(b);
    }
    return blogs;
  };

  /** Why `me` may not start (or continue) talking to `others`, as an error response; null when allowed. */
  const refusal = (c: Context<AppEnv>, auth: Auth, me: BlogRow, others: BlogRow[], isNew: boolean): Response | null => {
    if (auth.session.user.is_verified_email !== 1) return fail(c, 403, M.unverified());
    for (const other of others) {
      if (auth.session.blogs.includes(other.name)) return fail(c, 400, E.badRequest("You can't message your own blog."));
      if (isBlocked(db, other.name, me.name)) return fail(c, 403, E.blocked(`${other.name} has blocked you.`));
      if (isBlocked(db, me.name, other.name)) return fail(c, 403, E.blocked(`Unblock ${other.name} before messaging them.`));
      if (other.can_receive_messages !== 1) return fail(c, 403, E.forbidden(`${other.name} can't receive messages.`));
      if (isNew && other.messages_from_followed_only === 1 && !followState(db, other.name, me.name).following) {
        return fail(c, 403, M.followedOnly(other.name));
      }
      if (isNew && MUST_FOLLOW_FIRST.has(other.name) && !followState(db, me.name, other.name).following)
        return fail(c, 409, M.mustFollow());
    }
    if (isNew) {
      const state = q.userState.get(auth.session.user.name) as
        { new_convos_day: string; new_convos_count: number; daily_limit: number } | undefined;
      const today = utcDay(Date.now());
      const used = state && state.new_convos_day === today ? state.new_convos_count : 0;
      if (used >= (state?.daily_limit ?? 20)) return fail(c, 429, M.dailyLimit());
    }
    return null;
  };

  // ---- inbox ----
  r.get('/svc/conversations', (c) => {
    const own = asOwnBlog(c);
    if ('response' in own) return own.response;
    const me = own.blog;
    const limit = Math.min(50, Math.max(1, Number(c.req.query('limit')) || INBOX_PAGE_SIZE));
    const before = Number(c.req.query('before'));
    const rows = db
      .prepare(
        `SELECT c.* FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id
        WHERE p.blog_name = ? AND (p.deleted_ts IS NULL OR c.last_modified_ts > p.deleted_ts) ${Number.isFinite(before) && before > 0 ? 'AND c.last_modified_ts < ?' : ''}
        ORDER BY c.last_modified_ts DESC, c.id LIMIT ?`,
      )
      .all(...(Number.isFinite(before) && before > 0 ? [me.name, before, limit + 1] : [me.name, limit + 1])) as ConversationRow[];
    const page = rows.slice(0, limit);
    const origin = originOf(c.req.url);
    const conversations = page.map((conv) => {
      const last = q.lastMessage.get(conv.id) as MessageRow | undefined;
      return { ...conversationJson(origin, conv, me), messages: { data: last ? [messageJson(origin, last)] : [] } };
    });
    const sum = (
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM messages m JOIN conversation_participants p ON p.conversation_id = m.conversation_id
        WHERE p.blog_name = ? AND m.sender_blog != ? AND m.ts > MAX(p.last_read_ts, COALESCE(p.deleted_ts, 0))`,
        )
        .get(me.name, me.name) as { n: number }
    ).n;
    const last = page[page.length - 1];
    const next =
      rows.length > limit && last
        ? `/svc/conversations?participant=${encodeURIComponent(me.uuid)}&before=${last.last_modified_ts}&limit=${limit}`
        : undefined;
    return ok(c, {
      id: me.uuid,
      unread_messages_count_sum: sum,
      conversations,
      _links: next ? { next: { href: next, method: 'GET' } } : {},
    });
  });

  // ---- one conversation ----
  r.get('/svc/conversations/messages', (c) => {
    const own = asOwnBlog(c);
    if ('response' in own) return own.response;
    const { auth } = own;
    const me = own.blog;
    const conversationId = c.req.query('conversation_id');
    let conv: ConversationRow | undefined;
    if (conversationId) {
      conv = q.conversation.get(conversationId) as ConversationRow | undefined;
      if (!conv || !q.part.get(conv.id, me.name)) return fail(c, 404, E.notFound('No such conversation.'));
      if (auth.session.user.is_verified_email !== 1) return fail(c, 403, M.unverified());
    } else {
      const others = otherBlogs(c);
      if (others === null) return fail(c, 400, E.badRequest('Send "conversation_id" or "participants".'));
      if (others.length === 0) return fail(c, 404, E.notFound('No such blog.'));
      conv = findConversation([me.name, ...others.map((o) => o.name)]);
      const refused = refusal(c, auth, me, others, !conv);
      if (refused && (!conv || auth.session.user.is_verified_email !== 1)) return refused;
      if (!conv) return fail(c, 404, E.notFound('No conversation with these participants yet.'));
    }
    const mine = q.part.get(conv.id, me.name) as PartRow;
    const limit = Math.min(100, Math.max(1, Number(c.req.query('limit')) || MESSAGES_PAGE_SIZE));
    const before = Number(c.req.query('before'));
    const hidden = mine.deleted_ts ?? 0;
    const rows = db
      .prepare(
        `SELECT * FROM messages WHERE conversation_id = ? AND ts > ? ${Number.isFinite(before) && before > 0 ? 'AND id < ?' : ''}
        AND id NOT IN (SELECT message_id FROM hidden_messages WHERE blog_name = ?)
        ORDER BY ts DESC, id DESC LIMIT ?`,
      )
      .all(
        ...(Number.isFinite(before) && before > 0 ? [conv.id, hidden, before, me.name, limit + 1] : [conv.id, hidden, me.name, limit + 1]),
      ) as MessageRow[];
    const page = rows.slice(0, limit).reverse();
    // reading the newest page marks the conversation read
    if (!(before > 0))
      db.prepare(
        'UPDATE conversation_participants SET last_read_ts = MAX(last_read_ts, ?) WHERE conversation_id = ? AND blog_name = ?',
      ).run(conv.last_modified_ts, conv.id, me.name);
    const origin = originOf(c.req.url);
    const oldest = page[0];
    const previous =
      rows.length > limit && oldest
        ? `/svc/conversations/messages?conversation_id=${encodeURIComponent(conv.id)}&participant=${encodeURIComponent(me.uuid)}&before=${oldest.id}&limit=${limit}`
        : undefined;
    return ok(c, {
      ...conversationJson(origin, q.conversation.get(conv.id) as ConversationRow, me),
      messages: { data: page.map((m) => messageJson(origin, m)), _links: previous ? { previous: { href: previous, method: 'GET' } } : {} },
    });
  });

  r.post('/svc/conversations/messages', async (c) => {
    const own = asOwnBlog(c);
    if ('response' in own) return own.response;
    const { auth } = own;
    const me = own.blog;
    const origin = originOf(c.req.url);
    const clientId = field(c, 'client_id')?.slice(0, 100) || undefined;
    if (clientId) {
      const existing = q.byClientId.get(me.name, clientId) as MessageRow | undefined;
      if (existing) return ok(c, { conversation_id: existing.conversation_id, messages: { data: [messageJson(origin, existing)] } });
    }
    const type = TYPES[field(c, 'type') ?? 'TEXT'];
    if (!type) return fail(c, 400, E.badRequest('"type" must be TEXT, POSTREF or IMAGE.'));

    // where it goes
    const conversationId = field(c, 'conversation_id');
    let conv: ConversationRow | undefined;
    let others: BlogRow[];
    if (conversationId) {
      conv = q.conversation.get(conversationId) as ConversationRow | undefined;
      if (!conv || !q.part.get(conv.id, me.name)) return fail(c, 404, E.notFound('No such conversation.'));
      others = partsOf(conv.id)
        .filter((p) => p.blog_name !== me.name)
        .map((p) => getBlog(db, p.blog_name))
        .filter((b): b is BlogRow => !!b);
    } else {
      const list = otherBlogs(c);
      if (list === null) return fail(c, 400, E.badRequest('Send "conversation_id" or "participants".'));
      if (list.length === 0) return fail(c, 404, E.notFound('No such blog.'));
      others = list;
      conv = findConversation([me.name, ...others.map((o) => o.name)]);
    }
    const refused = refusal(c, auth, me, others, !conv);
    if (refused) return refused;

    // what it is
    const fields: Partial<MessageRow> & { type: string } = { type, ...(clientId ? { client_id: clientId } : {}) };
    const context = field(c, 'context');
    if (context) fields.context = context.slice(0, 200);
    if (type === 'TEXT') {
      const text = field(c, 'message') ?? '';
      if (text.trim() === '') return fail(c, 400, E.badRequest('Empty messages are not sent.'));
      if (text.length > MESSAGE_MAX_LENGTH) return fail(c, 400, E.badRequest(`A message is at most ${MESSAGE_MAX_LENGTH} characters.`));
      fields.text = text;
    } else if (type === 'POSTREF') {
      let postId = field(c, 'post_id');
      const rawPost = field(c, 'post');
      if (!postId && rawPost) {
        try {
          const parsed = JSON.parse(rawPost) as { id?: unknown; media_url?: unknown; width?: unknown; height?: unknown };
          postId = parsed && (typeof parsed.id === 'string' || typeof parsed.id === 'number') ? String(parsed.id) : undefined;
          // an image-post message (a GIF from the search): the chosen picture, if it is one of ours
          const media = typeof parsed?.media_url === 'string' ? parsed.media_url : '';
          const path = media.startsWith(origin) ? media.slice(origin.length) : media;
          if (/^\/assets\/gif\/[\w-]+\.(gif|webp)$/.test(path) && typeof parsed.width === 'number' && typeof parsed.height === 'number') {
            Object.assign(fields, { image_url: path, image_width: Math.round(parsed.width), image_height: Math.round(parsed.height) });
          }
        } catch {
          postId = /^\d+$/.test(rawPost) ? rawPost : undefined;
        }
      }
      const found = postId && /^\d+$/.test(postId) ? (q.post.get(Number(postId)) as PostRow | undefined) : undefined;
      // Someone else's draft or queued post is no post to send: its content would leak into the message.
      const post = found && isVisibleTo(found, auth.session) ? found : undefined;
      if (!post) return fail(c, postId ? 404 : 400, postId ? E.notFound('No such post.') : E.badRequest('Missing "post".'));
      fields.post_id = post.id;
    } else {
      const file = fileField(c, 'data');
      if (!file) return fail(c, 400, E.badRequest('Missing the image (multipart field "data").'));
      if (file.size > IMAGE_MAX_BYTES)
        return fail(c, 413, { code: 1013, title: 'Payload Too Large', detail: 'Image must be smaller than 10MB' });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const info = imageInfo(bytes);
      if (!info || info.width === 0 || info.height === 0)
        return fail(c, 400, E.badRequest('Something about that file is off. Try sending something else.'));
      mkdirSync(uploadDir, { recursive: true });
      const name = `${randomBytes(12).toString('hex')}.${IMAGE_EXT[info.kind]}`;
      writeFileSync(join(uploadDir, name), bytes);
      Object.assign(fields, { image_url: `/svc/conversations/images/${name}`, image_width: info.width, image_height: info.height });
    }

    const now = Date.now();
    const msg = db.transaction(() => {
      if (!conv) {
        const id = randomBytes(9).toString('base64url');
        db.prepare('INSERT INTO conversations (id, created_ts, last_modified_ts) VALUES (?, ?, ?)').run(id, now, now);
        for (const blog of [me, ...others]) {
          db.prepare('INSERT INTO conversation_participants (conversation_id, blog_name, last_read_ts) VALUES (?, ?, ?)').run(
            id,
            blog.name,
            blog.name === me.name ? now : 0,
          );
        }
        const today = utcDay(now);
        db.prepare(
          `INSERT INTO messaging_users (user_name, new_convos_day, new_convos_count) VALUES (?, ?, 1)
          ON CONFLICT(user_name) DO UPDATE SET new_convos_count = CASE WHEN new_convos_day = excluded.new_convos_day THEN new_convos_count + 1 ELSE 1 END,
          new_convos_day = excluded.new_convos_day`,
        ).run(auth.session.user.name, today);
        conv = q.conversation.get(id) as ConversationRow;
      }
      const last = (q.lastMessage.get(conv.id) as MessageRow | undefined)?.ts ?? 0;
      return insertMessage(conv, me.name, fields, Math.max(now, last + 1));
    })();
    scheduleBotReplies(conv!, me.name, msg);
    return ok(c, { conversation_id: msg.conversation_id, messages: { data: [messageJson(origin, msg)] } });
  });

  r.delete('/svc/conversations/messages', (c) => {
    const own = ownConversation(c);
    if ('response' in own) return own.response;
    const { id, conv } = own;
    db.prepare(
      'UPDATE conversation_participants SET deleted_ts = ?, last_read_ts = MAX(last_read_ts, ?) WHERE conversation_id = ? AND blog_name = ?',
    ).run(conv.last_modified_ts, conv.last_modified_ts, id, own.blog.name);
    return ok(c, { deleted: true, conversation_id: id });
  });

  // One message, deleted from the sending blog's view (the message controls' Delete; path not in the spec).
  r.delete('/svc/conversations/messages/:id', (c) => {
    const own = ownConversation(c);
    if ('response' in own) return own.response;
    const id = Number(c.req.param('id'));
    const msg = Number.isInteger(id) ? (q.message.get(id) as MessageRow | undefined) : undefined;
    if (!msg || msg.conversation_id !== own.id) return fail(c, 404, E.notFound('No such message.'));
    db.prepare('INSERT OR IGNORE INTO hidden_messages (message_id, blog_name) VALUES (?, ?)').run(id, own.blog.name);
    return ok(c, { deleted: true, message_id: String(id) });
  });

  r.post('/svc/conversations/flag', (c) => {
    const own = ownConversation(c);
    if ('response' in own) return own.response;
    const { id, conv, auth } = own;
    const type = field(c, 'type');
    if (type === 'unblur') {
      db.prepare('UPDATE conversation_participants SET images_unblurred = 1 WHERE conversation_id = ? AND blog_name = ?').run(
        id,
        own.blog.name,
      );
      return ok(c, { flagged: 'unblur', conversation_id: id });
    }
    if (type !== 'spam') return fail(c, 400, E.badRequest('"type" must be spam or unblur.'));
    const now = Math.floor(Date.now() / 1000);
    for (const p of partsOf(id)) {
      if (auth.session.blogs.includes(p.blog_name)) continue;
      db.prepare('INSERT OR IGNORE INTO blocks (blocker_blog, blocked_blog, block_context, created_ts) VALUES (?, ?, ?, ?)').run(
        own.blog.name,
        p.blog_name,
        `messaging:${field(c, 'context') ?? 'inline'}`,
        now,
      );
      db.prepare('DELETE FROM follows WHERE (follower_blog = ? AND followed_blog = ?) OR (follower_blog = ? AND followed_blog = ?)').run(
        own.blog.name,
        p.blog_name,
        p.blog_name,
        own.blog.name,
      );
    }
    db.prepare(
      'UPDATE conversation_participants SET deleted_ts = ?, last_read_ts = MAX(last_read_ts, ?) WHERE conversation_id = ? AND blog_name = ?',
    ).run(conv.last_modified_ts, conv.last_modified_ts, id, own.blog.name);
    return ok(c, { flagged: 'spam', conversation_id: id });
  });

  // ---- participants ----
  r.get('/svc/conversations/participant_info', (c) => {
    const own = asOwnBlog(c);
    if ('response' in own) return own.response;
    const ref = c.req.query('q') ?? '';
    // the spec's query is the blog's uuid; a name is not found, as on the real service
    const blog = ref.startsWith('t:') ? findBlog(db, ref) : undefined;
    if (!blog) return fail(c, 404, E.blogNotFound(ref));
    return ok(c, participantJson(originOf(c.req.url), blog, own.blog.name));
  });

  r.get('/svc/conversations/participant_suggestions', (c) => {
    const own = asOwnBlog(c);
    if ('response' in own) return own.response;
    const { auth } = own;
    const me = own.blog;
    const origin = originOf(c.req.url);
    const limit = Math.min(50, Math.max(1, Number(c.req.query('limit')) || (c.req.query('q') ? 10 : FAVOURITES_LIMIT)));
    const term = (c.req.query('q') ?? '').trim().toLowerCase();
    const notMine = (b: BlogRow) => !auth.session.blogs.includes(b.name);
    let blogs: BlogRow[];
    if (term) {
      const like = `%${term.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
      blogs = (
        db
          .prepare(
            `SELECT * FROM blogs WHERE (name LIKE ? ESCAPE '\\' OR lower(title) LIKE ? ESCAPE '\\')
          ORDER BY CASE WHEN name LIKE ? ESCAPE '\\' THEN 0 ELSE 1 END, name LIMIT ?`,
          )
          .all(like, like, `${term.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`, limit + auth.session.blogs.length) as BlogRow[]
      ).filter(notMine);
    } else {
      const recent =
        c.req.query('include_recent') === undefined || /^(1|true|yes|on)$/i.test(c.req.query('include_recent') ?? '')
          ? (db
              .prepare(
                `SELECT b.* FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
              JOIN conversation_participants o ON o.conversation_id = p.conversation_id AND o.blog_name != p.blog_name
              JOIN blogs b ON b.name = o.blog_name
            WHERE p.blog_name = ? AND (p.deleted_ts IS NULL OR c.last_modified_ts > p.deleted_ts)
            ORDER BY c.last_modified_ts DESC`,
              )
              .all(me.name) as BlogRow[])
          : [];
      const followed = db
        .prepare(`SELECT b.* FROM follows f JOIN blogs b ON b.name = f.followed_blog WHERE f.follower_blog = ? ORDER BY f.created_ts DESC`)
        .all(me.name) as BlogRow[];
      const seen = new Set<string>();
      blogs = [...recent, ...followed].filter((b) => {
        if (seen.has(b.name) || !notMine(b) || b.can_receive_messages !== 1 || isBlocked(db, me.name, b.name)) return false;
        seen.add(b.name);
        return true;
      });
    }
    return ok(c, { blogs: blogs.slice(0, limit).map((b) => participantJson(origin, b, me.name)) });
  });

  r.post('/svc/conversations/tutorial_seen', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    db.prepare(
      `INSERT INTO messaging_users (user_name, tutorial_seen) VALUES (?, 1)
      ON CONFLICT(user_name) DO UPDATE SET tutorial_seen = 1`,
    ).run(auth.session.user.name);
    return ok(c, { seen: true });
  });

  r.get('/svc/conversations/images/:file', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const file = c.req.param('file');
    if (!/^[0-9a-f]{24}\.(png|jpg|gif)$/.test(file)) return c.text('Not found', 404);
    const row = db
      .prepare(
        `SELECT 1 FROM messages m JOIN conversation_participants p ON p.conversation_id = m.conversation_id
        WHERE m.image_url = ? AND p.blog_name IN (SELECT blog_name FROM user_blogs WHERE user_name = ?)`,
      )
      .get(`/svc/conversations/images/${file}`, auth.session.user.name);
    if (!row) return c.text('Not found', 404);
    return serveFile(c, uploadDir, file, 'private, max-age=3600');
  });

  // ---- polling ----
  r.get('/services/poll', (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.query('token') ?? '';
    const user = token ? (db.prepare('SELECT * FROM users WHERE polling_token = ?').get(token) as UserRow | undefined) : undefined;
    if (!user || user.is_verified_email !== 1) return ok(c, { error: true });
    deps.polls.record(user.name);
    const keys = (c.req.query('mention_keys') ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const owned = new Set(
      (db.prepare('SELECT blog_name FROM user_blogs WHERE user_name = ?').all(user.name) as { blog_name: string }[]).map(
        (r) => r.blog_name,
      ),
    );
    const unread: Record<string, Record<string, number>> = {};
    if (c.req.query('unread_messages') !== undefined && !/^(0|false)$/i.test(c.req.query('unread_messages') ?? '')) {
      for (const key of keys) {
        const blog = findBlog(db, key);
        if (!blog || !owned.has(blog.name)) continue;
        const rows = db
          .prepare(
            `SELECT m.conversation_id AS id, COUNT(*) AS n FROM messages m
            JOIN conversation_participants p ON p.conversation_id = m.conversation_id AND p.blog_name = ?
            WHERE m.sender_blog != ? AND m.ts > MAX(p.last_read_ts, COALESCE(p.deleted_ts, 0)) GROUP BY m.conversation_id`,
          )
          .all(blog.name, blog.name) as { id: string; n: number }[];
        unread[key] = Object.fromEntries(rows.map((row) => [row.id, row.n]));
      }
    }
    return ok(c, { unread_messages: unread });
  });

  return r;
}
