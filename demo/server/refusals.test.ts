/**
 * Requests the reference server must refuse (issue #23, item 5), each sent to the real app on a fresh
 * seeded database, each checked for its status AND for nothing stored: the whole database (every row
 * of every table) and every file under the data folder are the same after the request as before it.
 *
 *  - every state-changing route (every POST/PUT/PATCH/DELETE the app's router holds, read from
 *    `app.routes`, so a new route without a case here fails) without the form key, with another
 *    user's, with the logged-out one, with the user's own in the query string: 403, code 1003; and,
 *    so that the refusal is not a broken request, the same request with the right key goes through;
 *  - someone else's conversation (read, send, delete, flag, its images) and someone else's posts
 *    (edit, publish, queue, delete, answer, approve, deny, promote; like, reblog, reply, share or
 *    send a draft): 403 or 404;
 *  - a file that is not what its name and type say, to every upload route: the spec's error;
 *  - bodies over their limits: 413, and the server answers the next request;
 *  - `..` in every route that takes a path or a name: 400/404, never a file from outside its folder.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, REPO_ROOT } from './app';
import { PNG, useTestServer, type Answer, type Json } from './app.test-helpers';
import { IMAGE_MAX_BYTES } from './routes/messaging';
import { TOO_BIG, UPLOAD_LIMITS } from './routes/upload';

const USERS = ['alice', 'bob', 'carol', 'dora', 'staff', 'anonymous'];
const server = useTestServer({ formKeysOf: USERS });
const { req, keyOf } = server;

// ---- what "nothing stored" means -------------------------------------------------------------

/** Every table's rows (as a digest) and every file under the data folder but the database's own. */
function snapshot(): Record<string, string> {
  const db = server.db();
  const out: Record<string, string> = {};
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  for (const { name } of tables) {
    const rows = (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((row) => JSON.stringify(row)).sort();
    out[`table ${name}`] = `${rows.length} rows, ${createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16)}`;
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/^demo\.sqlite/.test(entry.name)) out[`file ${relative(server.dataDir(), path)}`] = `${statSync(path).size} bytes`;
    }
  };
  walk(server.dataDir());
  return out;
}

/** Sends the request and checks that the database and the data folder did not change. */
async function unchanged(send: () => Promise<Answer>): Promise<Answer> {
  const before = snapshot();
  const answer = await send();
  expect(snapshot(), `${answer.status} ${answer.text.slice(0, 200)}`).toEqual(before);
  return answer;
}

const errorCode = (a: Answer) => (a.json?.errors as Json[] | undefined)?.[0]?.code as number | undefined;
const errorDetail = (a: Answer) => (a.json?.errors as Json[] | undefined)?.[0]?.detail as string | undefined;

// ---- the seed, looked up after each describe's reset ---------------------------------------------

interface Seed {
  aliceUuid: string;
  bobUuid: string;
  /** bob's published posts: liked, unliked (a like is added for it), reblogged, replied to, shared. */
  bobPosts: { id: number; reblog_key: string }[];
  drafts: { id: number; reblog_key: string }[];
  queued: number[];
  textSubmissions: number[];
  asks: number[];
  alicePublished: number;
  /** A promotion added on alicePublished, for /svc/unpromote. */
  promotionId: number;
  /** alice's post that names the app it was posted from. */
  appPost: number;
  aliceBobMessage: number;
  bobCarolMessage: number;
}
let seed: Seed;

/** A fresh seed (what earlier describes changed is gone), its ids, and a like and a promotion to undo. */
async function reseed(): Promise<void> {
  expect((await req('/__demo/reset', { method: 'POST' })).status).toBe(200);
  const db = server.db();
  const uuid = (name: string) => (db.prepare('SELECT uuid FROM blogs WHERE name = ?').get(name) as { uuid: string }).uuid;
  const ids = (where: string) => (db.prepare(`SELECT id FROM posts WHERE ${where} ORDER BY id`).all() as { id: number }[]).map((r) => r.id);
  const bobPosts = db
    .prepare("SELECT id, reblog_key FROM posts WHERE blog_name = 'bob' AND state = 'published' ORDER BY id LIMIT 2")
    .all() as Seed['bobPosts'];
  const drafts = db
    .prepare("SELECT id, reblog_key FROM posts WHERE blog_name = 'alice' AND state = 'draft' ORDER BY id")
    .all() as Seed['drafts'];
  const alicePublished = ids("blog_name = 'alice' AND state = 'published'")[0]!;
  db.prepare('INSERT INTO likes (user_name, post_id, source, created_ts) VALUES (?, ?, ?, ?)').run('alice', bobPosts[1]!.id, '', 0);
  const promotionId = Number(
    db.prepare('INSERT INTO promotions (post_id, tag) VALUES (?, ?)').run(alicePublished, 'seeded').lastInsertRowid,
  );
  const message = (conv: string) =>
    (db.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY id LIMIT 1').get(conv) as { id: number }).id;
  seed = {
    aliceUuid: uuid('alice'),
    bobUuid: uuid('bob'),
    bobPosts,
    drafts,
    queued: ids("blog_name = 'alice' AND state = 'queued'"),
    textSubmissions: ids("blog_name = 'alice' AND state = 'submission' AND type = 'text'"),
    asks: ids("blog_name = 'alice' AND state = 'submission' AND type = 'answer'"),
    alicePublished,
    promotionId,
    appPost: ids("json_extract(options, '$.app_attribution') IS NOT NULL")[0]!,
    aliceBobMessage: message('alice-bob'),
    bobCarolMessage: message('bob-carol'),
  };
  expect(seed.drafts.length).toBeGreaterThanOrEqual(2);
  expect(seed.textSubmissions.length).toBeGreaterThanOrEqual(2);
}

// ---- requests ----------------------------------------------------------------------------------

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Form-encoded fields (in the query string for a DELETE, as the client sends them). */
  fields?: Record<string, string>;
  json?: Json;
  /** A multipart body: these fields and one file. */
  file?: { field: string; blob: Blob; name: string };
  /** The session (default alice). */
  user?: string;
}

type KeyAt = { at: 'none' } | { at: 'header' | 'body' | 'query'; key: string };

/** The request `call` describes, with the form key where `key` says. */
function send(call: Call, key: KeyAt): Promise<Answer> {
  const headers: Record<string, string> = {};
  const url = new URL(call.path, 'http://localhost');
  const bodyKey: Record<string, string> = key.at === 'body' ? { form_key: key.key } : {};
  if (key.at === 'header') headers['X-Tumblr-Form-Key'] = key.key;
  if (key.at === 'query') url.searchParams.set('form_key', key.key);
  let body: BodyInit | undefined;
  if (call.method === 'GET' || call.method === 'DELETE') {
    for (const [k, v] of Object.entries(call.fields ?? {})) url.searchParams.set(k, v);
    if (key.at === 'body') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(bodyKey).toString();
    }
  } else if (call.file) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...call.fields, ...bodyKey })) form.set(k, v);
    form.set(call.file.field, call.file.blob, call.file.name);
    body = form;
  } else if (call.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ ...call.json, ...bodyKey });
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({ ...call.fields, ...bodyKey }).toString();
  }
  return req(`${url.pathname}${url.search}`, { method: call.method, headers, body, cookie: `tl_session=${call.user ?? 'alice'}` });
}

/** `call` as its own user, with that user's form key in the header. */
const asItself = (call: Call) => send(call, { at: 'header', key: keyOf(call.user ?? 'alice') });

const textPost = { channel_id: 'alice', 'post[type]': 'regular', 'post[state]': '0', 'post[one]': 'Title', 'post[two]': 'Body.' };

// ---- 1. the form key, on every state-changing route ----------------------------------------------

interface RouteCase {
  call: Call;
  /** Whether the request, with the right key, stores something (false: it only reads). */
  stores: boolean;
  /** Its status with the right key (default 200). */
  status?: number;
}

/**
 * One request per state-changing route, keyed `METHOD path` as the router spells it: a request that,
 * with the right form key, works. Each acts on something no other case here touches.
 */
const ROUTE_CASES: Record<string, () => RouteCase> = {
  'POST /svc/follow': () => ({ call: { method: 'POST', path: '/svc/follow', fields: { tumblelog: 'long-archive' } }, stores: true }),
  'POST /svc/unfollow': () => ({
    call: { method: 'POST', path: '/svc/unfollow', fields: { tumblelog: 'cloud-atlas-notes' } },
    stores: true,
  }),
  'POST /svc/blog/:name/subscription': () => ({ call: { method: 'POST', path: '/svc/blog/chatty-bot/subscription' }, stores: true }),
  'DELETE /svc/blog/:name/subscription': () => ({ call: { method: 'DELETE', path: '/svc/blog/tiny-kitchen/subscription' }, stores: true }),
  'POST /svc/block/add': () => ({
    call: { method: 'POST', path: '/svc/block/add', fields: { blocked_tumblelog: 'long-archive' } },
    stores: true,
  }),
  'POST /svc/block/remove': () => ({
    call: {
      method: 'POST',
      path: '/svc/block/remove',
      fields: { tumblelog: 'carol', blocked_tumblelog: 'cat-facts-hourly' },
      user: 'carol',
    },
    stores: true,
  }),
  ...Object.fromEntries(
    ['spam', 'nsfw', 'adult', 'uniblock', 'suspended'].map((flag) => [
      `POST /${flag}/toggle`,
      (): RouteCase => ({
        call: { method: 'POST', path: `/${flag}/toggle`, fields: { tumblelog: 'quiet-corner' }, user: 'staff' },
        stores: true,
      }),
    ]),
  ),
  'POST /settings/save': () => ({
    call: {
      method: 'POST',
      path: '/settings/save',
      fields: {
        tumblelog_name_or_id: 'alice',
        page: 'blog',
        'tumblelog[facebook_opengraph_send_posts]': 'on',
        'tumblelog[twitter_send_posts]': 'off',
      },
    },
    stores: true,
  }),
  'POST /svc/post/ask': () => ({
    call: { method: 'POST', path: '/svc/post/ask', fields: { recipient: 'bob', anonymous: 'false', question: 'How is the garden?' } },
    stores: true,
  }),
  'POST /svc/like': () => ({
    call: { method: 'POST', path: '/svc/like', fields: { id: String(seed.bobPosts[0]!.id), key: seed.bobPosts[0]!.reblog_key } },
    stores: true,
  }),
  'POST /svc/unlike': () => ({
    call: { method: 'POST', path: '/svc/unlike', fields: { id: String(seed.bobPosts[1]!.id), key: seed.bobPosts[1]!.reblog_key } },
    stores: true,
  }),
  'POST /fast_reblog': () => ({
    call: {
      method: 'POST',
      path: '/fast_reblog',
      fields: { reblog_post_id: String(seed.bobPosts[0]!.id), reblog_key: seed.bobPosts[0]!.reblog_key },
    },
    stores: true,
  }),
  'POST /svc/reply': () => ({
    call: { method: 'POST', path: '/svc/reply', fields: { post_id: String(seed.bobPosts[0]!.id), reply_text: 'Lovely.' } },
    stores: true,
  }),
  'POST /publish': () => ({ call: { method: 'POST', path: '/publish', fields: { id: String(seed.drafts[0]!.id) } }, stores: true }),
  'POST /queue': () => ({ call: { method: 'POST', path: '/queue', fields: { id: String(seed.drafts[1]!.id) } }, stores: true }),
  'POST /approve_submission': () => ({
    call: { method: 'POST', path: '/approve_submission', fields: { id: String(seed.textSubmissions[0]) } },
    stores: true,
  }),
  'POST /svc/post/delete': () => ({
    call: { method: 'POST', path: '/svc/post/delete', fields: { post_id: String(seed.queued[0]), channel_id: 'alice' } },
    stores: true,
  }),
  'POST /deny_submission': () => ({
    call: { method: 'POST', path: '/deny_submission', fields: { pid: String(seed.textSubmissions[1]) } },
    stores: true,
  }),
  'POST /answer': () => ({
    call: { method: 'POST', path: '/answer', fields: { post_id: String(seed.asks[0]), tumblelog: 'alice', answer_text: 'Yes.' } },
    stores: true,
  }),
  'POST /svc/promote': () => ({
    call: { method: 'POST', path: '/svc/promote', fields: { post_id: String(seed.alicePublished), tag: 'fresh' } },
    stores: true,
  }),
  'POST /remove_app_attribution': () => ({
    call: { method: 'POST', path: '/remove_app_attribution', fields: { post_id: String(seed.appPost), tumblelog_id: 'alice' } },
    stores: true,
  }),
  'POST /svc/unpromote': () => ({
    call: {
      method: 'POST',
      path: '/svc/unpromote',
      fields: { post_id: String(seed.alicePublished), tag_id: String(seed.promotionId), tag: 'seeded' },
    },
    stores: true,
  }),
  'POST /svc/post/get_post_form_builder_data': () => ({
    call: { method: 'POST', path: '/svc/post/get_post_form_builder_data' },
    stores: false,
  }),
  'POST /svc/post/fetch': () => ({
    call: { method: 'POST', path: '/svc/post/fetch', fields: { post_id: String(seed.drafts[0]!.id), channel_id: 'alice' } },
    stores: false,
  }),
  'POST /svc/post/update': () => ({ call: { method: 'POST', path: '/svc/post/update', fields: textPost }, stores: true }),
  'POST /svc/indash_blog/header': () => ({
    call: { method: 'POST', path: '/svc/indash_blog/header', json: { tumblelog_name_or_id: 'alice', tumblelog: { title: 'Renamed' } } },
    stores: true,
  }),
  'POST /svc/post/share/:blog/:postId': () => ({
    call: { method: 'POST', path: `/svc/post/share/bob/${seed.bobPosts[0]!.id}` },
    stores: false,
  }),
  'POST /svc/share/email': () => ({
    call: {
      method: 'POST',
      path: '/svc/share/email',
      fields: { tumblelog_name: 'bob', post_id: String(seed.bobPosts[0]!.id), email_address: 'friend@example.com', message: 'Look' },
    },
    stores: true,
  }),
  'POST /svc/email_tumblelog': () => ({
    call: { method: 'POST', path: '/svc/email_tumblelog', fields: { tumblelog_name: 'bob', email_address: 'friend@example.com' } },
    stores: true,
  }),
  'POST /svc/share/:network': () => ({
    call: { method: 'POST', path: '/svc/share/reddit', fields: { tumblelog_name: 'bob', post_id: String(seed.bobPosts[0]!.id) } },
    stores: true,
  }),
  'POST /svc/facebook_status': () => ({ call: { method: 'POST', path: '/svc/facebook_status' }, stores: false }),
  'POST /svc/search/inline_gif': () => ({ call: { method: 'POST', path: '/svc/search/inline_gif', fields: { q: 'cat' } }, stores: false }),
  'POST /svc/log/conversion': () => ({
    call: { method: 'POST', path: '/svc/log/conversion', fields: { log: JSON.stringify({ name: 'play', extra: {} }) } },
    stores: true,
  }),
  'POST /svc/post/upload/:kind{photo|audio|video}': () => ({
    call: {
      method: 'POST',
      path: '/svc/post/upload/photo',
      file: { field: 'photo', blob: new Blob([PNG], { type: 'image/png' }), name: 'dot.png' },
    },
    stores: true,
  }),
  'POST /svc/post/get_video_data': () => ({
    call: { method: 'POST', path: '/svc/post/get_video_data', json: { embed_url: 'http://localhost/demotube/watch/harbour' } },
    stores: false,
  }),
  'POST /svc/conversations/messages': () => ({
    call: {
      method: 'POST',
      path: '/svc/conversations/messages',
      fields: { participant: seed.aliceUuid, conversation_id: 'alice-bob', type: 'TEXT', message: 'Hello' },
    },
    stores: true,
  }),
  'DELETE /svc/conversations/messages': () => ({
    call: {
      method: 'DELETE',
      path: '/svc/conversations/messages',
      fields: { participant: seed.aliceUuid, conversation_id: 'alice-sea-glass' },
    },
    stores: true,
  }),
  'DELETE /svc/conversations/messages/:id': () => ({
    call: {
      method: 'DELETE',
      path: `/svc/conversations/messages/${seed.aliceBobMessage}`,
      fields: { participant: seed.aliceUuid, conversation_id: 'alice-bob' },
    },
    stores: true,
  }),
  'POST /svc/conversations/flag': () => ({
    call: {
      method: 'POST',
      path: '/svc/conversations/flag',
      fields: { participant: seed.aliceUuid, conversation_id: 'alice-paper-planes', type: 'spam' },
    },
    stores: true,
  }),
  'POST /svc/conversations/tutorial_seen': () => ({
    call: { method: 'POST', path: '/svc/conversations/tutorial_seen', user: 'dora' },
    stores: true,
  }),
  'POST /services/cslog': () => ({ call: { method: 'POST', path: '/services/cslog', json: { logs: [{ event: 'click' }] } }, stores: true }),
  'POST /svc/log/lady': () => ({ call: { method: 'POST', path: '/svc/log/lady', json: { kind: 'warn', message: 'hm' } }, stores: true }),
  'POST /svc/track': () => ({ call: { method: 'POST', path: '/svc/track', json: { kind: 'ad', event: 'shown' } }, stores: true }),
  'POST /blog/:name/submit': () => ({
    call: { method: 'POST', path: '/blog/bob/submit', fields: { title: 'For you', body: 'A submission.' } },
    stores: true,
    status: 303,
  }),
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('every state-changing route needs the form key of the session', () => {
  beforeAll(reseed);

  it("has a case here for each of the router's POST/PUT/PATCH/DELETE routes (and none for a route that is gone)", () => {
    const routes = new Set(
      server
        .app()
        .routes.filter((r) => !r.path.startsWith('/__demo/'))
        // `use()` registers middleware as ALL; a handler that takes `next` is middleware, any other
        // ALL route answers a POST too and needs a case.
        .filter((r) => UNSAFE.has(r.method) || (r.method === 'ALL' && r.handler.length < 2))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...routes].sort()).toEqual(Object.keys(ROUTE_CASES).sort());
  });

  const other = (user: string) => (user === 'alice' ? 'bob' : 'alice');
  const REFUSALS: [string, (user: string) => KeyAt][] = [
    ['no form key', () => ({ at: 'none' })],
    ["another user's key in the header", (user) => ({ at: 'header', key: keyOf(other(user)) })],
    ["another user's key in the body", (user) => ({ at: 'body', key: keyOf(other(user)) })],
    ['the logged-out key', () => ({ at: 'header', key: keyOf('anonymous') })],
    [
      "the user's own key, but in the query string (a key in a URL leaks through logs and Referer)",
      (user) => ({ at: 'query', key: keyOf(user) }),
    ],
  ];

  describe.each(Object.keys(ROUTE_CASES))('%s', (route) => {
    it.each(REFUSALS)('%s: 403 (1003), nothing stored', async (_, keyAt) => {
      const { call } = ROUTE_CASES[route]!();
      const answer = await unchanged(() => send(call, keyAt(call.user ?? 'alice')));
      expect(answer.status, answer.text.slice(0, 200)).toBe(403);
      expect(errorCode(answer), answer.text.slice(0, 200)).toBe(1003);
    });

    it('with the right key the same request goes through (so the refusals above are the key)', async () => {
      const { call, stores, status = 200 } = ROUTE_CASES[route]!();
      const before = snapshot();
      const answer = await asItself(call);
      expect(answer.status, answer.text.slice(0, 300)).toBe(status);
      expect(JSON.stringify(snapshot()) !== JSON.stringify(before), 'stored something').toBe(stores);
    });
  });
});

// ---- 2. someone else's conversation, someone else's posts ----------------------------------------

describe("someone else's conversation (alice, in bob and carol's): 403/404, nothing changed", () => {
  let bobCarolImage: string;
  beforeAll(async () => {
    await reseed();
    // An image in bob and carol's conversation, sent by bob: what alice must not be able to fetch.
    const sent = await asItself({
      method: 'POST',
      path: '/svc/conversations/messages',
      user: 'bob',
      fields: { participant: seed.bobUuid, conversation_id: 'bob-carol', type: 'IMAGE' },
      file: { field: 'data', blob: new Blob([PNG], { type: 'image/png' }), name: 'dot.png' },
    });
    bobCarolImage = new URL(sent.json?.response?.messages?.data?.[0]?.images?.[0]?.original_size?.url ?? 'http://x/', 'http://x').pathname;
    expect(bobCarolImage, sent.text.slice(0, 300)).toMatch(/^\/svc\/conversations\/images\/[0-9a-f]{24}\.png$/);
    expect((await req(bobCarolImage, { cookie: 'tl_session=bob' })).status).toBe(200);
  });

  const mine = () => seed.aliceUuid;
  const cases: [string, number, () => Call][] = [
    [
      'read its messages',
      404,
      () => ({ method: 'GET', path: '/svc/conversations/messages', fields: { participant: mine(), conversation_id: 'bob-carol' } }),
    ],
    [
      "read bob's side of it, as bob's blog",
      403,
      () => ({ method: 'GET', path: '/svc/conversations/messages', fields: { participant: seed.bobUuid, conversation_id: 'bob-carol' } }),
    ],
    ['read its image', 404, () => ({ method: 'GET', path: bobCarolImage })],
    [
      'send to it',
      404,
      () => ({
        method: 'POST',
        path: '/svc/conversations/messages',
        fields: { participant: mine(), conversation_id: 'bob-carol', type: 'TEXT', message: 'Hi both' },
      }),
    ],
    [
      "send to it as bob's blog",
      403,
      () => ({
        method: 'POST',
        path: '/svc/conversations/messages',
        fields: { participant: seed.bobUuid, conversation_id: 'bob-carol', type: 'TEXT', message: 'I am bob' },
      }),
    ],
    [
      'delete it',
      404,
      () => ({ method: 'DELETE', path: '/svc/conversations/messages', fields: { participant: mine(), conversation_id: 'bob-carol' } }),
    ],
    [
      'delete one of its messages',
      404,
      () => ({
        method: 'DELETE',
        path: `/svc/conversations/messages/${seed.bobCarolMessage}`,
        fields: { participant: mine(), conversation_id: 'bob-carol' },
      }),
    ],
    [
      "delete one of its messages through alice's own conversation",
      404,
      () => ({
        method: 'DELETE',
        path: `/svc/conversations/messages/${seed.bobCarolMessage}`,
        fields: { participant: mine(), conversation_id: 'alice-bob' },
      }),
    ],
    [
      'flag it as spam (it would block bob and carol)',
      404,
      () => ({
        method: 'POST',
        path: '/svc/conversations/flag',
        fields: { participant: mine(), conversation_id: 'bob-carol', type: 'spam' },
      }),
    ],
    [
      'unblur its images',
      404,
      () => ({
        method: 'POST',
        path: '/svc/conversations/flag',
        fields: { participant: mine(), conversation_id: 'bob-carol', type: 'unblur' },
      }),
    ],
  ];
  it.each(cases)('%s → %i', async (_, status, call) => {
    const answer = await unchanged(() => asItself(call()));
    expect(answer.status, answer.text.slice(0, 200)).toBe(status);
  });
});

describe("someone else's drafts, queue and inbox (bob, on alice's): 403/404, nothing changed", () => {
  beforeAll(reseed);

  const bob = (path: string, fields: Record<string, string>): Call => ({ method: 'POST', path, fields, user: 'bob' });
  const draft = () => seed.drafts[0]!;
  // The owner's actions (edit, publish, queue, delete, answer, approve, deny, promote) say 403, not
  // yours (what the page buttons turn into a `forbidden` event); acting on it as someone else's post
  // (like, reply, reblog, share, send) says 404: for bob her draft, queue and inbox are not there.
  const cases: [string, number, () => Call][] = [
    ['read a draft into the post form', 403, () => bob('/svc/post/fetch', { post_id: String(draft().id), channel_id: 'alice' })],
    [
      'edit a draft',
      403,
      () => bob('/svc/post/update', { ...textPost, channel_id: 'bob', post_id: String(draft().id), edit_post_id: String(draft().id) }),
    ],
    ['post to her blog', 403, () => bob('/svc/post/update', textPost)],
    ['publish a draft', 403, () => bob('/publish', { id: String(draft().id) })],
    ['queue a draft', 403, () => bob('/queue', { id: String(draft().id) })],
    ['delete a draft', 403, () => bob('/svc/post/delete', { post_id: String(draft().id), channel_id: 'alice' })],
    ['delete a queued post', 403, () => bob('/svc/post/delete', { post_id: String(seed.queued[0]), channel_id: 'alice' })],
    ['answer an ask in her inbox', 403, () => bob('/answer', { post_id: String(seed.asks[0]), tumblelog: 'alice', answer_text: 'No.' })],
    ['approve a submission', 403, () => bob('/approve_submission', { id: String(seed.textSubmissions[0]) })],
    ['deny a submission', 403, () => bob('/deny_submission', { pid: String(seed.textSubmissions[0]) })],
    ['promote her post', 403, () => bob('/svc/promote', { post_id: String(seed.alicePublished), tag: 'mine' })],
    ['remove the app from her post', 403, () => bob('/remove_app_attribution', { post_id: String(seed.appPost), tumblelog_id: 'alice' })],
    [
      'unpromote her post',
      403,
      () => bob('/svc/unpromote', { post_id: String(seed.alicePublished), tag_id: String(seed.promotionId), tag: 'seeded' }),
    ],
    ['reply to a draft', 404, () => bob('/svc/reply', { post_id: String(draft().id), reply_text: 'Early!' })],
    ['like a draft (with its key)', 404, () => bob('/svc/like', { id: String(draft().id), key: draft().reblog_key })],
    [
      'reblog a draft (with its key)',
      404,
      () => bob('/fast_reblog', { reblog_post_id: String(draft().id), reblog_key: draft().reblog_key }),
    ],
    [
      'reblog a draft through the post form',
      404,
      () =>
        bob('/svc/post/update', {
          ...textPost,
          channel_id: 'bob',
          reblog: '1',
          reblog_post_id: String(draft().id),
          reblog_key: draft().reblog_key,
        }),
    ],
    [
      "read a draft's share data (its reblog key)",
      404,
      () => ({ method: 'GET', path: `/svc/post/share/alice/${draft().id}`, user: 'bob' }),
    ],
    [
      'e-mail a draft',
      404,
      () => bob('/svc/share/email', { tumblelog_name: 'alice', post_id: String(draft().id), email_address: 'x@example.com' }),
    ],
    ['share a draft', 404, () => bob('/svc/share/reddit', { tumblelog_name: 'alice', post_id: String(draft().id) })],
    [
      'send a draft in a message',
      404,
      () =>
        bob('/svc/conversations/messages', {
          participant: seed.bobUuid,
          conversation_id: 'alice-bob',
          type: 'POSTREF',
          post_id: String(draft().id),
        }),
    ],
    [
      "save her blog's settings",
      403,
      () =>
        bob('/settings/save', {
          tumblelog_name_or_id: 'alice',
          page: 'blog',
          'tumblelog[facebook_opengraph_send_posts]': 'on',
          'tumblelog[twitter_send_posts]': 'off',
        }),
    ],
    [
      "save her blog's header",
      403,
      () => ({
        method: 'POST',
        path: '/svc/indash_blog/header',
        json: { tumblelog_name_or_id: 'alice', tumblelog: { title: 'Mine' } },
        user: 'bob',
      }),
    ],
    ['block a blog as her blog', 403, () => bob('/svc/block/add', { tumblelog: 'alice', blocked_tumblelog: 'long-archive' })],
    ['flag her blog as spam (staff only)', 403, () => bob('/spam/toggle', { tumblelog: 'alice' })],
    [
      'read her activity',
      403,
      () => ({ method: 'GET', path: '/svc/data/tumblelog', fields: { tumblelog: 'alice', include_activity_data: 'true' }, user: 'bob' }),
    ],
    ['open her drafts page', 403, () => ({ method: 'GET', path: '/blog/alice/drafts', user: 'bob' })],
    ['open her inbox page', 403, () => ({ method: 'GET', path: '/blog/alice/inbox', user: 'bob' })],
  ];
  it.each(cases)('%s → %i', async (_, status, call) => {
    const answer = await unchanged(() => asItself(call()));
    expect(answer.status, answer.text.slice(0, 200)).toBe(status);
    // A draft refused is not shown either: no word of it in the answer.
    expect(answer.text).not.toContain(draft().reblog_key);
  });
});

// ---- 3. files that are not what they say ---------------------------------------------------------

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
/** A PNG's first eight bytes, then a page: a signature alone does not make an image. */
const PNG_SIGNATURE_THEN_HTML = Buffer.concat([PNG.subarray(0, 8), Buffer.from(HTML)]);
/** The classic GIF/JavaScript polyglot: a GIF header that is also a script, ending in the trailer's `;`. */
const GIF_SCRIPT = 'GIF89a=1;alert(document.cookie);';

describe("an upload that is not what its name and type say: refused with the spec's error, nothing stored", () => {
  beforeAll(reseed);

  const upload = (kind: string, content: BlobPart, type: string, name: string): Call => ({
    method: 'POST',
    path: `/svc/post/upload/${kind}`,
    file: { field: kind, blob: new Blob([content], { type }), name },
  });
  const cases: [string, Call, string][] = [
    ['a text file named x.png (image/png)', upload('photo', 'hello', 'image/png', 'x.png'), 'This is not valid image file.'],
    ['an HTML page named x.png (image/png)', upload('photo', HTML, 'image/png', 'x.png'), 'This is not valid image file.'],
    ['an SVG with a script (image/svg+xml)', upload('photo', SVG, 'image/svg+xml', 'x.svg'), 'This is not valid image file.'],
    ['an SVG with a script named x.png', upload('photo', SVG, 'image/png', 'x.png'), 'This is not valid image file.'],
    ["a PNG's signature, then a page", upload('photo', PNG_SIGNATURE_THEN_HTML, 'image/png', 'x.png'), 'This is not valid image file.'],
    ['a GIF header that is a script (x.gif)', upload('photo', GIF_SCRIPT, 'image/gif', 'x.gif'), 'This is not valid image file.'],
    ['a PNG named a.mp3 (audio/mpeg)', upload('audio', PNG, 'audio/mpeg', 'a.mp3'), 'This is not valid audio file.'],
    ['an HTML page named a.mp3', upload('audio', HTML, 'audio/mpeg', 'a.mp3'), 'This is not valid audio file.'],
    ['a text file named v.mp4 (video/mp4)', upload('video', 'not a video', 'video/mp4', 'v.mp4'), 'This is not valid video file.'],
    ['a PNG named v.mp4', upload('video', PNG, 'video/mp4', 'v.mp4'), 'This is not valid video file.'],
  ];
  it.each(cases)('post media: %s → 400', async (_, call, msg) => {
    const answer = await unchanged(() => asItself(call));
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(answer.json?.meta?.msg).toBe(msg);
  });

  const image = (content: BlobPart, type: string, name: string): Call => ({
    method: 'POST',
    path: '/svc/conversations/messages',
    fields: { participant: seed.aliceUuid, conversation_id: 'alice-bob', type: 'IMAGE' },
    file: { field: 'data', blob: new Blob([content], { type }), name },
  });
  const imageCases: [string, () => Call][] = [
    ['a text file named x.png', () => image('hello', 'image/png', 'x.png')],
    ['an HTML page named x.gif', () => image(HTML, 'image/gif', 'x.gif')],
    ['an SVG with a script', () => image(SVG, 'image/svg+xml', 'x.svg')],
    ['a GIF header that is a script', () => image(GIF_SCRIPT, 'image/gif', 'x.gif')],
  ];
  it.each(imageCases)('a message image: %s → 400', async (_, call) => {
    const answer = await unchanged(() => asItself(call()));
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(errorDetail(answer)).toBe('Something about that file is off. Try sending something else.');
  });
});

// ---- 4. bodies over their limits -----------------------------------------------------------------

// Up to 50 MB per request, copied a few times in memory: more than the default time on a busy machine.
describe('a body over its limit: 413, nothing stored, and the server answers the next request', { timeout: 60_000 }, () => {
  beforeAll(reseed);

  const zeros = (n: number) => new Uint8Array(n);
  const upload = (kind: keyof typeof UPLOAD_LIMITS, bytes: number): Call => ({
    method: 'POST',
    path: `/svc/post/upload/${kind}`,
    file: { field: kind, blob: new Blob([zeros(bytes)], { type: 'application/octet-stream' }), name: 'big' },
  });
  it.each([
    ['photo', 'one byte over its limit', upload('photo', UPLOAD_LIMITS.photo + 1)],
    ['photo', 'far over its limit', upload('photo', UPLOAD_LIMITS.photo * 2)],
    ['audio', 'one byte over its limit', upload('audio', UPLOAD_LIMITS.audio + 1)],
    ['video', 'one byte over its limit', upload('video', UPLOAD_LIMITS.video + 1)],
  ] as const)('%s upload %s: 413 with the spec\'s "too big" text', async (_kind, _size, call) => {
    const answer = await unchanged(() => asItself(call));
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
    expect(answer.json?.meta?.msg).toBe(TOO_BIG);
  });

  it.each([
    ['one byte over', IMAGE_MAX_BYTES + 1],
    ['far over', IMAGE_MAX_BYTES * 3],
  ])('a message image %s 10 MB: 413 "Image must be smaller than 10MB"', async (_, bytes) => {
    const call: Call = {
      method: 'POST',
      path: '/svc/conversations/messages',
      fields: { participant: seed.aliceUuid, conversation_id: 'alice-bob', type: 'IMAGE' },
      file: { field: 'data', blob: new Blob([zeros(bytes)], { type: 'image/png' }), name: 'big.png' },
    };
    const answer = await unchanged(() => asItself(call));
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
    expect(errorDetail(answer)).toBe('Image must be smaller than 10MB');
  });

  const over = 'a'.repeat(MAX_BODY_BYTES + 1);
  const key = () => keyOf('alice');
  const cases: [string, () => Promise<Answer>][] = [
    [
      'a JSON log batch over 1 MB',
      () =>
        req('/services/cslog', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': key() },
          body: JSON.stringify({ logs: [{ event: 'click', data: { text: over } }] }),
        }),
    ],
    [
      'the same with its Content-Length declared (refused before it is read)',
      () => {
        const body = JSON.stringify({ logs: [{ event: 'click', data: { text: over } }] });
        return req('/services/cslog', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'X-Tumblr-Form-Key': key() },
          body,
        });
      },
    ],
    [
      'a text/plain beacon over 1 MB',
      () =>
        req('/services/cslog', {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ form_key: key(), logs: [{ event: 'click', data: { text: over } }] }),
        }),
    ],
    [
      'a form-encoded post over 1 MB',
      () =>
        req('/svc/post/update', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': key() },
          body: new URLSearchParams({ ...textPost, 'post[two]': over }).toString(),
        }),
    ],
    [
      'a multipart message over 1 MB to a route that takes no file',
      () => {
        const form = new FormData();
        form.set('form_key', key());
        form.set('tumblelog', 'long-archive');
        form.set('padding', over);
        return req('/svc/follow', { method: 'POST', body: form });
      },
    ],
    [
      'a body over 1 MB without a form key (not parsed to look for one)',
      () =>
        req('/svc/log/lady', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind: 'x', message: over }),
        }),
    ],
  ];
  it.each(cases)('%s: 413', async (_, sendIt) => {
    const answer = await unchanged(sendIt);
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
    expect(errorCode(answer)).toBe(1013);
  });

  it('a post just under the limit is still taken (the limit is not in the way of real posts)', async () => {
    const body = 'b'.repeat(MAX_BODY_BYTES - 4096);
    const answer = await asItself({ method: 'POST', path: '/svc/post/update', fields: { ...textPost, 'post[two]': body } });
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  });

  it('after all that, the server answers and stores as before', async () => {
    expect((await req('/__demo/session')).status).toBe(200);
    const before = snapshot();
    const logged = await asItself({ method: 'POST', path: '/services/cslog', json: { logs: [{ event: 'after' }] } });
    expect(logged.status, logged.text).toBe(200);
    expect(snapshot()).not.toEqual(before);
  });
});

// ---- 5. `..` in paths ----------------------------------------------------------------------------

describe('a path with `..`: 400/404 and never a file from outside its folder', () => {
  /** Text that must never come back: the database, a file beside it, the repository, the system. */
  const CANARY = 'canary-3f1c9a: outside every served folder';
  const SECRETS: [string, string][] = [
    ['the database', 'SQLite format 3'],
    ['a file in the data folder', CANARY],
    ['package.json', readFileSync(join(REPO_ROOT, 'package.json'), 'utf8').slice(0, 80)],
    ['demo/server/app.ts', 'export function createApp('],
    ['/etc/passwd', 'root:x:0:0'],
  ];
  const TARGETS = ['demo.sqlite', 'canary.png', 'package.json', 'server/app.ts', 'demo/server/app.ts'];
  /** `../` as a client might disguise it: the URL parser takes care of some, the file server of the rest. */
  const DOT_DOT = ['../', '%2e%2e/', '%2E%2E%2F', '..%2f', '..%5c', '%252e%252e%252f', '..%252f', '....//', '.%2e/'];
  const payloads = (dotDots: string[], depths: number[]) => [
    ...dotDots.flatMap((up) => depths.flatMap((n) => TARGETS.map((t) => up.repeat(n) + t))),
    ...dotDots.map((up) => `${up.repeat(10)}etc/passwd`),
  ];
  /** Routes that serve files: each payload at each depth. Other routes: fewer of them. */
  const FILE_ROUTE = /^\/(static|dist|assets|media|svc\/conversations\/images)\//;
  const FULL = payloads(DOT_DOT, [1, 2, 3, 4]);
  const SHORT = payloads(['../', '..%2f', '%252e%252e%252f'], [1, 3]);

  let mediaAvailable: boolean;
  beforeAll(async () => {
    await reseed();
    writeFileSync(join(server.dataDir(), 'canary.png'), CANARY);
    // The sample media need ffmpeg (made here, once, before the requests below; a few seconds, more
    // on a busy machine: hence the hook's own time limit); without it that route answers 503 to everything.
    mediaAvailable = (await req('/assets/media/poster.jpg')).status !== 503;
  }, 120_000);

  const leaked = (a: Answer) => SECRETS.filter(([, text]) => a.text.includes(text)).map(([name]) => name);

  it.each([
    '/static/../server/app.ts',
    '/static/../../package.json',
    '/static/%2e%2e/%2e%2e/server/app.ts',
    '/static/..%2f..%2fserver%2fapp.ts',
    '/static/%252e%252e%252f%252e%252e%252fserver%252fapp.ts',
    '/static/..%5c..%5cserver%5capp.ts',
    '/dist/..%2fpackage.json',
    '/assets/media/..%2fdemo.sqlite',
    '/media/uploads/..%2fdemo.sqlite',
    '/svc/conversations/images/..%2f..%2fdemo.sqlite',
  ])('%s → 404', async (path) => {
    const answer = await req(path);
    expect(answer.status).toBe(404);
    expect(leaked(answer)).toEqual([]);
  });

  it("every GET route that takes a name or a path, with `..` in it (read from the app's router)", async () => {
    const routes = [
      ...new Set(
        server
          .app()
          .routes.filter((r) => r.method === 'GET' && /[:*]/.test(r.path) && !r.path.startsWith('/__demo/'))
          .map((r) => r.path),
      ),
    ];
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      const file = FILE_ROUTE.test(route);
      for (const payload of file ? FULL : SHORT) {
        // The payload in the route's last name or path; any name before it a real blog.
        const parts = route.split('/');
        const last = parts.findLastIndex((p) => p.startsWith(':') || p === '*');
        const path = parts.map((p, i) => (i === last ? payload : p.startsWith(':') ? 'alice' : p)).join('/');
        const answer = await req(path);
        const found = leaked(answer);
        if (found.length) problems.push(`${path} → ${answer.status}, leaked ${found.join(', ')}`);
        const refused =
          answer.status === 400 || answer.status === 404 || (route === '/assets/media/*' && !mediaAvailable && answer.status === 503);
        if (file && !refused) problems.push(`${path} → ${answer.status} (a file route must answer 400 or 404)`);
        if (answer.status >= 500 && !refused) problems.push(`${path} → ${answer.status}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
