/**
 * The reference server's checks (in-process, a temporary data dir, no network): routes, seed data,
 * refusal cases, in one ordered walk through the server (later checks use what earlier ones did).
 * demo/server/checks.test.ts runs the walk and reports every check as its own test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app';

export interface CheckResult {
  name: string;
  ok: boolean;
  extra?: unknown;
}

let app: ReturnType<typeof createApp>['app'];
let results: CheckResult[] = [];

function check(name: string, condition: boolean, extra?: unknown): void {
  results.push({ name, ok: condition, ...(condition || extra === undefined ? {} : { extra }) });
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function req(
  path: string,
  init: RequestInit & { cookie?: string } = {},
): Promise<{ status: number; headers: Headers; text: string; json: Json | null }> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  const res = await app.request(path, { ...init, headers });
  const text = await res.text();
  let json: Json | null = null;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function formKeyOf(page: string): string {
  return /<meta name="tumblr-form-key" content="([0-9a-f]+)">/.exec(page)?.[1] ?? '';
}

function bootstrapOf(page: string): Json | null {
  const m = /<script type="application\/json" id="tumblelog-bootstrap">([\s\S]*?)<\/script>/.exec(page);
  return m ? (JSON.parse(m[1]!) as Json) : null;
}

/** An attribute value as the page escaped it, back to text. */
const decode = (attr: string) =>
  attr
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function main() {
  // ---- pages, session, bootstrap ----
  const dash = await req('/dashboard');
  check('dashboard 200', dash.status === 200, dash.status);
  check('dashboard CSP', (dash.headers.get('content-security-policy') ?? '').includes("script-src 'self'"));
  check('no inline style attributes', !/\sstyle=/i.test(dash.text));
  check('no inline <style>', !/<style[\s>]/i.test(dash.text));
  check(
    'only the JSON inline script',
    (dash.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).every((s) => s.includes('application/json')),
  );
  const aliceKey = formKeyOf(dash.text);
  check('form key meta', /^[0-9a-f]{64}$/.test(aliceKey));
  const boot = bootstrapOf(dash.text);
  check('bootstrap user alice', boot?.user?.name === 'alice' && boot.user.is_verified_email === true, boot?.user);
  check('bootstrap channels', boot?.channels?.length === 2 && boot.channels[0].is_current === true);
  check(
    'dashboard posts with data-blog-card',
    (dash.text.match(/<a href="\/blog\/[^"]+" data-blog-card="[^"]+"[^>]*>/g) ?? []).length >= 20,
  );
  check(
    'dashboard post names and avatars open the drawer (data-peepr)',
    (dash.text.match(/data-peepr="\{&quot;tumblelog&quot;:&quot;[a-z0-9-]+&quot;,&quot;postId&quot;:&quot;\d+&quot;\}"/g) ?? []).length >=
      40,
  );
  check('radar blog cards', dash.text.includes('<blog-card blog-name="xss-lab"><a href="/blog/xss-lab">xss-lab</a></blog-card>'));
  for (const tag of [
    'blog-header',
    'fast-compose',
    'post-composer',
    'messaging-dock',
    'activity-popover',
    'share-popover',
    'peepr-drawer',
    'gif-search',
    'video-player',
    'ask-form blog-name="bob"',
    'blog-card',
  ]) {
    check(`dashboard has <${tag}>`, dash.text.includes(`<${tag}`));
  }
  check('dashboard has a delegate <blog-card></blog-card>', dash.text.includes('<blog-card></blog-card>'));
  check('loader script', dash.text.includes('<script type="module" src="/dist/loader.js"></script>'));
  const mobile = await req('/dashboard?mobile=1');
  check(
    'mobile header attribute',
    mobile.text.includes('<blog-header mobile ') && bootstrapOf(mobile.text)?.flags?.is_mobile_handset === true,
  );

  const asAnon = await req('/dashboard?as=anonymous&page=1');
  check('?as redirects', asAnon.status === 302 && asAnon.headers.get('location') === '/dashboard?page=1', asAnon.headers.get('location'));
  check('?as sets cookie', (asAnon.headers.get('set-cookie') ?? '').startsWith('tl_session=anonymous'));
  const anonDash = await req('/dashboard', { cookie: 'tl_session=anonymous' });
  check('logged-out bootstrap user null', bootstrapOf(anonDash.text)?.user === null);
  const anonKey = formKeyOf(anonDash.text);
  check('anonymous has its own form key', anonKey.length === 64 && anonKey !== aliceKey);
  const badAs = await req('/dashboard?as=mallory');
  check('unknown ?as → 400', badAs.status === 400);

  const bobTheme = await req('/blog/bob');
  check('theme page 200', bobTheme.status === 200);
  check('theme page: two video players', (bobTheme.text.match(/<video-player /g) ?? []).length === 2);
  check('theme page: ask form', bobTheme.text.includes('<ask-form blog-name="bob">'));
  check('theme page: own stylesheet', bobTheme.text.includes('/static/theme/bob.css'));
  const themeCss = await req('/static/theme/bob.css');
  check('theme css served', themeCss.status === 200 && themeCss.text.includes('--theme-bg'));
  check('theme paging', (await req('/blog/bob?page=3')).text.includes('theme-post'));
  check('unknown blog page 404', (await req('/blog/no-such-blog')).status === 404);
  check('xss-lab title escaped', (await req('/blog/xss-lab')).text.includes('XSS Lab &lt;script&gt;'));

  // ---- assets and static ----
  const avatar = await req('/assets/avatar/bob/48.svg');
  check(
    'avatar svg',
    avatar.status === 200 && (avatar.headers.get('content-type') ?? '').startsWith('image/svg+xml') && avatar.text.startsWith('<svg'),
  );
  check('avatar cache header', avatar.headers.get('cache-control') === 'public, max-age=3600');
  check('header svg', (await req('/assets/header/bob.svg')).status === 200);
  check('post svg deterministic', (await req('/assets/post/123.svg')).text === (await req('/assets/post/123.svg')).text);
  check('static css', (await req('/static/dashboard.css')).headers.get('content-type')?.startsWith('text/css') === true);
  check('missing dist file 404', (await req('/dist/definitely-missing.js')).status === 404);
  check('path traversal refused', (await req('/static/..%2f..%2fpackage.json')).status === 404);

  // ---- blog card ----
  const pop = await req('/svc/tumblelog_popover/bob?is_tumblelog_popover=true');
  const p = pop.json?.response;
  check('popover envelope', pop.status === 200 && pop.json?.meta?.status === 200 && pop.json?.meta?.msg === 'OK');
  check('popover following as alice', p?.following === true && p?.is_subscribed === true && p?.can_subscribe === true, p);
  check('popover url from origin', p?.url === 'http://localhost/blog/bob', p?.url);
  check(
    'popover highlighted posts',
    Array.isArray(p?.highlighted_posts) &&
      p.highlighted_posts.length === 6 &&
      p.highlighted_posts[0].thumbnail_url.startsWith('/assets/post/'),
  );
  check('popover asks', p?.asks === true && p?.anonymous_asks === true && p?.can_receive_messages === true);
  const anonPop = await req('/svc/tumblelog_popover/bob', { cookie: 'tl_session=anonymous' });
  check('popover logged out: following false', anonPop.json?.response?.following === false);
  const missing = await req('/svc/tumblelog_popover/nobody-here');
  check('unknown blog 404 envelope', missing.status === 404 && missing.json?.meta?.status === 404 && Array.isArray(missing.json?.errors));
  const hl = await req('/svc/quiet-corner/posts/highlighted');
  check('highlighted (1 post blog)', hl.status === 200 && hl.json?.response?.highlighted_posts?.length === 1);

  // ---- form key ----
  const noKey = await req('/svc/follow', form({ tumblelog: 'slow-cinema' }));
  check(
    'POST without form key → 403',
    noKey.status === 403 && noKey.text === '{"meta":{"status":403,"msg":"Forbidden"},"errors":[{"code":1003,"title":"Invalid form key"}]}',
    noKey.text,
  );
  const wrongKey = await req('/svc/follow', {
    ...form({ tumblelog: 'slow-cinema' }),
    cookie: 'tl_session=bob',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': aliceKey },
  });
  check("another user's key → 403", wrongKey.status === 403);

  // ---- follow round trip ----
  const follow = await req('/svc/follow', {
    ...form({ tumblelog: 'slow-cinema', source: 'blog_card' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': aliceKey },
  });
  check(
    'follow (header key)',
    follow.status === 200 && follow.json?.response?.following === true && follow.json?.response?.tumblelog === 'slow-cinema',
    follow.text,
  );
  const rows = (await req('/__demo/follows?blog=alice')).json?.rows as { followed_blog: string }[];
  check(
    'follow persisted',
    rows.some((r) => r.followed_blog === 'slow-cinema'),
  );
  const sub = await req('/svc/blog/slow-cinema/subscription', form({ form_key: aliceKey }));
  check('subscribe (body key)', sub.status === 200 && sub.json?.response?.is_subscribed === true, sub.text);
  const unfollow = await req('/svc/unfollow', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tumblelog: 'slow-cinema', form_key: aliceKey }),
  });
  check('unfollow (JSON body key)', unfollow.status === 200 && unfollow.json?.response?.following === false, unfollow.text);
  const state = (await req('/__demo/state?table=follows&follower_blog=alice&followed_blog=slow-cinema')).json;
  check('unfollow persisted (and subscription gone)', state?.count === 0, state);
  const subNoFollow = await req('/svc/blog/slow-cinema/subscription', form({ form_key: aliceKey }));
  check('subscribe without following → 409', subNoFollow.status === 409);
  const mp = new FormData();
  mp.set('tumblelog', 'sea-glass');
  mp.set('form_key', aliceKey);
  const multipart = await req('/svc/follow', { method: 'POST', body: mp });
  check('follow (multipart key)', multipart.status === 200 && multipart.json?.response?.following === true, multipart.text);
  check('follow yourself → 400', (await req('/svc/follow', form({ tumblelog: 'alice', form_key: aliceKey }))).status === 400);
  check('follow unknown → 404', (await req('/svc/follow', form({ tumblelog: 'nobody-here', form_key: aliceKey }))).status === 404);
  check(
    'follow logged out → 401',
    (await req('/svc/follow', { ...form({ tumblelog: 'bob', form_key: anonKey }), cookie: 'tl_session=anonymous' })).status === 401,
  );
  const unsub = await req('/svc/blog/bob/subscription', { method: 'DELETE', headers: { 'X-Tumblr-Form-Key': aliceKey } });
  check('unsubscribe (DELETE)', unsub.status === 200 && unsub.json?.response?.is_subscribed === false, unsub.text);

  // ---- block ----
  const block = await req('/svc/block/add', form({ tumblelog: 'alice', blocked_tumblelog: 'bob', form_key: aliceKey }));
  check('block', block.status === 200 && block.json?.response?.blocked === true, block.text);
  const afterBlock = (await req('/__demo/state?table=follows')).json?.rows as { follower_blog: string; followed_blog: string }[];
  check(
    'block removes follows both ways',
    !afterBlock.some(
      (r) => (r.follower_blog === 'alice' && r.followed_blog === 'bob') || (r.follower_blog === 'bob' && r.followed_blog === 'alice'),
    ),
  );
  check('cannot follow a blocked blog', (await req('/svc/follow', form({ tumblelog: 'bob', form_key: aliceKey }))).status === 403);
  check(
    'unblock',
    (await req('/svc/block/remove', form({ tumblelog: 'alice', blocked_tumblelog: 'bob', form_key: aliceKey }))).json?.response?.blocked ===
      false,
  );
  check(
    'cannot block own blog',
    (await req('/svc/block/add', form({ blocked_tumblelog: 'alice-sketches', form_key: aliceKey }))).status === 400,
  );

  // ---- faults ----
  const addFault = (body: unknown) =>
    req('/__demo/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  check('add fault', (await addFault({ path: '/svc/tumblelog_popover/bob', status: 500, count: 2 })).status === 201);
  const f1 = await req('/svc/tumblelog_popover/bob');
  const f2 = await req('/svc/tumblelog_popover/bob');
  const f3 = await req('/svc/tumblelog_popover/bob');
  check('fault 500 ×2 then OK', f1.status === 500 && f2.status === 500 && f3.status === 200, [f1.status, f2.status, f3.status]);
  check('fault uses error envelope', f1.json?.meta?.status === 500 && Array.isArray(f1.json?.errors));
  await addFault({ path: '/svc/tumblelog_popover/*', status: 'malformed', count: 1 });
  const mal = await req('/svc/tumblelog_popover/carol');
  check(
    'malformed fault',
    mal.status === 200 && mal.text === '{"meta":' && (mal.headers.get('content-type') ?? '').includes('application/json'),
    mal.text,
  );
  await addFault({ path: '/svc/follow', status: 429 });
  check('fault applies before the form key check', (await req('/svc/follow', form({ tumblelog: 'bob' }))).status === 429);
  await addFault({ path: '/svc/tumblelog_popover/bob', status: 'timeout', hold_ms: 30 });
  check('timeout fault → 504 after hold', (await req('/svc/tumblelog_popover/bob')).status === 504);
  check('bad fault spec → 400', (await addFault({ path: 'svc', status: 200 })).status === 400);

  // ---- reset ----
  await addFault({ path: '/svc/tumblelog_popover/bob', status: 500, count: 5 });
  const reset = await req('/__demo/reset', { method: 'POST' });
  check('reset', reset.status === 200 && reset.json?.seeded?.posts >= 600, reset.json);
  check('reset clears faults', (await req('/svc/tumblelog_popover/bob')).status === 200);
  const afterReset = (await req('/__demo/follows?blog=alice')).json?.rows as { followed_blog: string; subscribed: number }[];
  check(
    'reset restores follows',
    afterReset.length === 15 &&
      !afterReset.some((r) => r.followed_blog === 'sea-glass') &&
      afterReset.some((r) => r.followed_blog === 'bob' && r.subscribed === 1),
  );
  check('reset keeps the form key valid', (await req('/svc/follow', form({ tumblelog: 'sea-glass', form_key: aliceKey }))).status === 200);

  await messagingChecks(aliceKey, boot?.user?.polling_token as string);
}

/** Messaging (routes/messaging.ts) on the freshly reset seed. */
async function messagingChecks(aliceKey: string, aliceToken: string) {
  const keyOf = async (user: string) => formKeyOf((await req('/dashboard', { cookie: `tl_session=${user}` })).text);
  const as = (user: string, key: string, init: RequestInit = {}) => ({
    ...init,
    cookie: `tl_session=${user}`,
    headers: { ...(init.headers as Record<string, string> | undefined), 'X-Tumblr-Form-Key': key },
  });
  const uuid = async (name: string) =>
    (await req(`/svc/conversations/participant_info?q=${name}&participant=alice`)).json?.response?.uuid as string;
  const alice = await uuid('alice');
  const bob = await uuid('bob');
  check('messaging: participant_info (uuid, theme, relationship)', alice?.startsWith('t:') && bob?.startsWith('t:'), [alice, bob]);
  const bobInfo = (await req(`/svc/conversations/participant_info?q=${bob}&participant=${alice}`)).json?.response;
  check(
    'messaging: participant_info fields',
    bobInfo?.name === 'bob' &&
      bobInfo.is_following_blog === true &&
      typeof bobInfo.theme?.link_color === 'string' &&
      bobInfo.can_receive_messages === true,
    bobInfo,
  );

  const boot = bootstrapOf((await req('/dashboard', { cookie: 'tl_session=alice' })).text);
  check(
    'bootstrap: unread counts per blog',
    boot?.channels?.find((ch: { name: string }) => ch.name === 'alice')?.unread_count === 5 &&
      boot?.config?.messaging_poll_frequency === 15000,
    boot?.channels,
  );

  // poll before anything is read
  const poll = await req(`/services/poll?token=${aliceToken}&unread_messages=true&mention_keys=alice,alice-sketches,bob`);
  const unread = poll.json?.response?.unread_messages;
  check(
    'poll: unread per mention key',
    poll.status === 200 && unread?.alice?.['alice-bob'] === 2 && unread?.['alice-sketches']?.['sketches-urban'] === 1 && !('bob' in unread),
    unread,
  );
  check('poll: no-store', poll.headers.get('cache-control') === 'no-store');
  check(
    'poll: bad token → error flag',
    (await req('/services/poll?token=nope&unread_messages=true&mention_keys=alice')).json?.response?.error === true,
  );
  const carolToken = bootstrapOf((await req('/dashboard', { cookie: 'tl_session=carol' })).text)?.user?.polling_token;
  check(
    'poll: unverified e-mail → error flag',
    (await req(`/services/poll?token=${carolToken}&unread_messages=true&mention_keys=carol`)).json?.response?.error === true,
  );

  // inbox paging
  const inbox = await req(`/svc/conversations?participant=${alice}`);
  const convs = inbox.json?.response?.conversations as Json[];
  check(
    'inbox: first page of 10, newest first, with a next link',
    inbox.status === 200 &&
      convs?.length === 10 &&
      convs.every((c, i) => i === 0 || convs[i - 1]!.last_modified_ts >= c.last_modified_ts) &&
      typeof inbox.json?.response?._links?.next?.href === 'string',
    inbox.text.slice(0, 300),
  );
  check('inbox: no-store', inbox.headers.get('cache-control') === 'no-store');
  check(
    'inbox: unread sum and flags',
    inbox.json?.response?.unread_messages_count_sum === 5 &&
      convs.find((c) => c.id === 'alice-glitch-art-daily')?.is_possible_spam === true &&
      convs.find((c) => c.id === 'alice-glitch-art-daily')?.is_blurred_images === true,
  );
  const page2 = await req(inbox.json!.response._links.next.href);
  check(
    'inbox: second page',
    page2.json?.response?.conversations?.length === 5 && !page2.json?.response?._links?.next,
    page2.json?.response?._links,
  );
  check("inbox: someone else's blog → 403", (await req(`/svc/conversations?participant=${bob}`)).status === 403);

  // a conversation's messages, paged
  const msgs = await req(`/svc/conversations/messages?conversation_id=alice-bob&participant=${alice}`);
  const data = msgs.json?.response?.messages?.data as Json[];
  check(
    'messages: newest 20, oldest first, previous link',
    msgs.status === 200 &&
      data?.length === 20 &&
      data[0]!.ts < data[19]!.ts &&
      typeof msgs.json?.response?.messages?._links?.previous?.href === 'string',
  );
  check('messages: text content and sender uuid', data?.[19]?.content?.text === 'pics soon' && data[19]!.participant === bob);
  const older = await req(msgs.json!.response.messages._links.previous.href);
  check(
    'messages: previous page',
    older.json?.response?.messages?.data?.length === 10 && !older.json?.response?.messages?._links?.previous,
  );
  const after = await req(`/services/poll?token=${aliceToken}&unread_messages=true&mention_keys=alice`);
  check('messages: fetching marks read', after.json?.response?.unread_messages?.alice?.['alice-bob'] === undefined, after.json);
  const kitchen = await req(`/svc/conversations/messages?conversation_id=alice-tiny-kitchen&participant=alice`);
  check(
    'messages: a sent post',
    kitchen.json?.response?.messages?.data?.some(
      (m: Json) => m.type === 'POSTREF' && m.post?.post_url?.includes('/blog/tiny-kitchen/post/'),
    ),
  );
  check(
    'messages: not a participant → 404',
    (await req(`/svc/conversations/messages?conversation_id=bob-carol&participant=${alice}`)).status === 404,
  );
  check(
    'messages: new conversation → 404',
    (await req(`/svc/conversations/messages?participants=tea-ceremony&participant=${alice}`)).status === 404,
  );
  check(
    'messages: by participants finds the conversation',
    (await req(`/svc/conversations/messages?participants=${bob}&participant=${alice}`)).json?.response?.id === 'alice-bob',
  );

  // refusals
  const carolKey = await keyOf('carol');
  const doraKey = await keyOf('dora');
  const c7001 = await req('/svc/conversations/messages?participants=bob&participant=carol', { cookie: 'tl_session=carol' });
  check('carol (unverified): fetch → 403 7001', c7001.status === 403 && c7001.json?.errors?.[0]?.code === 7001, c7001.text);
  const s7001 = await req(
    '/svc/conversations/messages',
    as('carol', carolKey, form({ conversation_id: 'bob-carol', participant: 'carol', type: 'TEXT', message: 'hi' })),
  );
  check('carol (unverified): send → 403 7001', s7001.status === 403 && s7001.json?.errors?.[0]?.code === 7001, s7001.text);
  const l7003 = await req(`/svc/conversations/messages?participants=letterpress&participant=${alice}`);
  check('letterpress: → 403 7003', l7003.status === 403 && l7003.json?.errors?.[0]?.code === 7003, l7003.text);
  check(
    'letterpress: send → 403 7003',
    (
      await req(
        '/svc/conversations/messages',
        form({ participants: 'letterpress', participant: alice, type: 'TEXT', message: 'hi', form_key: aliceKey }),
      )
    ).json?.errors?.[0]?.code === 7003,
  );
  check(
    'lighthouse-keeper (must follow first): → 409',
    (await req(`/svc/conversations/messages?participants=lighthouse-keeper&participant=${alice}`)).status === 409,
  );
  check(
    'dora (daily limit): new conversation → 429',
    (
      await req(
        '/svc/conversations/messages',
        as('dora', doraKey, form({ participants: 'bob', participant: 'dora', type: 'TEXT', message: 'hi' })),
      )
    ).status === 429,
  );
  check(
    'dora: an existing conversation still works',
    (
      await req(
        '/svc/conversations/messages',
        as('dora', doraKey, form({ conversation_id: 'alice-dora', participant: 'dora', type: 'TEXT', message: 'still here' })),
      )
    ).status === 200,
  );
  check(
    'cannot receive messages → 403',
    (await req(`/svc/conversations/messages?participants=vintage-maps&participant=${alice}`)).status === 403,
  );
  check(
    'send without form key → 403',
    (await req('/svc/conversations/messages', form({ conversation_id: 'alice-bob', participant: alice, type: 'TEXT', message: 'x' })))
      .status === 403,
  );
  check(
    'empty text → 400',
    (
      await req(
        '/svc/conversations/messages',
        form({ conversation_id: 'alice-bob', participant: alice, type: 'TEXT', message: '  ', form_key: aliceKey }),
      )
    ).status === 400,
  );
  check(
    'text over 4096 → 400',
    (
      await req(
        '/svc/conversations/messages',
        form({ conversation_id: 'alice-bob', participant: alice, type: 'TEXT', message: 'x'.repeat(4097), form_key: aliceKey }),
      )
    ).status === 400,
  );

  // ---- the post form (authoring spec §7) ----
  const aliceForm = (fields: Record<string, string>) => form({ ...fields, form_key: aliceKey });
  const builder = await req('/svc/post/get_post_form_builder_data', aliceForm({}));
  check(
    'builder data: channels and limits',
    builder.json?.response?.channels?.map((ch: Json) => ch.name).join() === 'alice,alice-sketches' &&
      builder.json.response.limits?.max_photos === 10,
    builder.text,
  );
  const anonymousKey = await keyOf('anonymous');
  check(
    'builder data: logged out → 401',
    (await req('/svc/post/get_post_form_builder_data', as('anonymous', anonymousKey, form({})))).status === 401,
  );
  check('builder data: no form key → 403', (await req('/svc/post/get_post_form_builder_data', form({}))).status === 403);
  const textPost = {
    channel_id: 'alice',
    'post[type]': 'regular',
    'post[state]': '0',
    'post[one]': 'Self check',
    'post[two]': 'Written by the checks.',
    'post[tags]': 'checks,server',
    'post[slug]': 'Self Check!',
  };
  const created = await req('/svc/post/update', aliceForm(textPost));
  const createdId = created.json?.response?.post?.id as string | undefined;
  check(
    'update: a new text post',
    created.status === 200 &&
      created.json?.response?.created_post === true &&
      created.json.response.post.is_edit === false &&
      created.json.response.post_context_page === 'dashboard',
    created.text,
  );
  check(
    'update: the save response carries the dashboard HTML and the blogs',
    (created.json?.response?.post_dashboard_html ?? '').includes(`id="post_${createdId}"`) &&
      created.json?.response?.post_tumblelog?.name_or_id === 'alice' &&
      typeof created.json?.response?.context_tumblelog?.posts_count === 'number',
  );
  const stored = (await req(`/__demo/state?table=posts&id=${createdId}`)).json?.rows?.[0];
  check(
    'update: stored with tags, slug and type',
    stored?.type === 'text' &&
      stored.tags === '["checks","server"]' &&
      stored.slug === 'self-check' &&
      JSON.parse(stored.content).body === 'Written by the checks.',
    stored,
  );
  check('update: on the dashboard after a reload', (await req('/dashboard')).text.includes(`id="post_${createdId}"`));
  check('update: on its blog page', (await req('/blog/alice')).text.includes('Written by the checks.'));
  const invalid = await req(
    '/svc/post/update',
    aliceForm({ channel_id: 'alice', 'post[type]': 'quote', 'post[state]': '0', 'post[one]': '  ' }),
  );
  check(
    'update: validated like the client ("No quote")',
    invalid.status === 400 && invalid.json?.errors?.[0]?.detail === 'No quote',
    invalid.text,
  );
  check(
    'update: bad state → Invalid "state" value',
    (await req('/svc/post/update', aliceForm({ ...textPost, 'post[state]': 'nope' }))).json?.errors?.[0]?.detail ===
      'Invalid "state" value',
  );
  check("update: someone else's blog → 403", (await req('/svc/post/update', aliceForm({ ...textPost, channel_id: 'bob' }))).status === 403);
  const fetched = await req('/svc/post/fetch', aliceForm({ post_id: createdId ?? '' }));
  check(
    'fetch: an own post for editing',
    fetched.json?.response?.post?.type === 'regular' &&
      fetched.json.response.post.title === 'Self check' &&
      fetched.json.response.post.tags?.join() === 'checks,server',
    fetched.text,
  );
  const edited = await req(
    '/svc/post/update',
    aliceForm({ ...textPost, edit_post_id: createdId ?? '', post_id: createdId ?? '', 'post[two]': 'Edited.', 'post[state]': '1' }),
  );
  check(
    'update: an edit (made a draft: it moves to drafts)',
    edited.status === 200 && edited.json?.response?.post?.is_edit === true && edited.json.response.post_context_page === 'drafts',
    edited.text,
  );
  check(
    'update: the edit is stored',
    JSON.parse((await req(`/__demo/state?table=posts&id=${createdId}`)).json?.rows?.[0]?.content ?? '{}').body === 'Edited.',
  );
  const bobPost = (await req('/__demo/state?table=posts&blog_name=bob')).json?.rows?.[0];
  check(
    "fetch: bob's post cannot be edited → 403",
    (await req('/svc/post/fetch', aliceForm({ post_id: String(bobPost?.id) }))).status === 403,
  );
  const reblogRead = await req('/svc/post/fetch', aliceForm({ reblog_id: String(bobPost?.id), reblog_key: bobPost?.reblog_key ?? '' }));
  check(
    "fetch: a reblog (with the reblogged post's HTML)",
    reblogRead.status === 200 && (reblogRead.json?.response?.reblog_html ?? '').includes(`id="post_${bobPost?.id}"`),
    reblogRead.text.slice(0, 300),
  );
  check(
    'fetch: a wrong reblog key → 404',
    (await req('/svc/post/fetch', aliceForm({ reblog_id: String(bobPost?.id), reblog_key: 'wrong' }))).status === 404,
  );
  const reblogged = await req(
    '/svc/post/update',
    aliceForm({
      channel_id: 'alice-sketches',
      'post[type]': 'regular',
      'post[state]': '0',
      'post[two]': 'So good.',
      reblog: '1',
      reblog_key: bobPost?.reblog_key ?? '',
      reblog_post_id: String(bobPost?.id),
    }),
  );
  check(
    'update: a reblog',
    reblogged.status === 200 &&
      reblogged.json?.response?.post?.is_reblog === true &&
      (reblogged.json.response.post_dashboard_html ?? '').includes('reblogged from'),
    reblogged.text.slice(0, 300),
  );
  const newest = reblogged.json?.response?.post?.id as string;
  const before = await req(`/svc/post/dashboard/before/${createdId}`);
  check(
    'before: the dashboard posts newer than a post',
    before.status === 200 && before.json?.response?.post_ids?.includes(newest),
    before.text.slice(0, 200),
  );
  check(
    'after on drafts: the drafts listed after a post',
    (await req(`/svc/post/drafts/after/${newest}`)).json?.response?.post_ids?.includes(createdId),
  );
  // sharing (routes/share.ts)
  const shareData = await req(`/svc/post/share/bob/${bobPost?.id}`);
  const shared = shareData.json?.response?.share_popover_data;
  check(
    'share data: unwrapped fields for a post',
    shareData.status === 200 &&
      shared?.post_id === String(bobPost?.id) &&
      shared?.tumblelog_name === 'bob' &&
      typeof shared?.post_url === 'string' &&
      shared?.show_email === true,
    shareData.text.slice(0, 200),
  );
  check(
    'share data: alice has linked accounts, bob none',
    shared?.twitter_username === 'alice_tl' &&
      (await req(`/svc/post/share/bob/${bobPost?.id}`, { cookie: 'tl_session=bob' })).json?.response?.share_popover_data
        ?.twitter_username === '',
  );
  check(
    'share data: a published post is not private',
    (await req(`/svc/post/share/alice/${createdId}`)).json?.response?.share_popover_data?.is_private === false,
  );
  check('share data: a post of another blog → 404', (await req(`/svc/post/share/alice/${bobPost?.id}`)).status === 404);
  const emailed = await req(
    '/svc/share/email',
    aliceForm({
      email_address: 'friend@example.com',
      message: 'Look',
      post_id: String(bobPost?.id),
      tumblelog_name: 'bob',
      allow_reply_to: 'true',
    }),
  );
  const recorded = (await req(`/__demo/state?table=shares&post_id=${bobPost?.id}`)).json?.rows ?? [];
  check(
    'share by e-mail: recorded',
    emailed.status === 200 &&
      recorded.some((r: Json) => r.network === 'email' && r.email_address === 'friend@example.com' && r.allow_reply_to === 1),
    recorded,
  );
  check(
    'share by e-mail: a bad address → 400',
    (await req('/svc/share/email', aliceForm({ email_address: 'nope', post_id: String(bobPost?.id), tumblelog_name: 'bob' }))).status ===
      400,
  );
  check(
    'share by e-mail: no form key → 403',
    (await req('/svc/share/email', form({ email_address: 'a@b.co', post_id: String(bobPost?.id), tumblelog_name: 'bob' }))).status === 403,
  );
  check(
    'share to twitter: a linked account, [URL] counts 24',
    (await req('/svc/share/twitter', aliceForm({ post_id: String(bobPost?.id), tumblelog_name: 'bob', message: 'Nice [URL]' }))).status ===
      200,
  );
  check(
    'share to twitter: an empty message → 400',
    (await req('/svc/share/twitter', aliceForm({ post_id: String(bobPost?.id), tumblelog_name: 'bob', message: '' }))).status === 400,
  );
  check(
    'share to reddit: a popup share is recorded as a fallback',
    (await req('/svc/share/reddit', aliceForm({ post_id: String(bobPost?.id), tumblelog_name: 'bob', share_fallback: 'true' }))).status ===
      200,
  );
  check('facebook_status: alice is linked', (await req('/svc/facebook_status', aliceForm({}))).json?.response?.name === 'Alice Liddell');
  const fault = await req('/__demo/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: '/svc/post/update', status: 500, count: 1 }),
  });
  check(
    'fault injection on /svc/post/update',
    fault.status === 201 &&
      (await req('/svc/post/update', aliceForm(textPost))).status === 500 &&
      (await req('/svc/post/update', aliceForm(textPost))).status === 200,
  );

  // sending: de-duplication by client id, the bot's answer, posts, images, new conversations
  const send1 = await req(
    '/svc/conversations/messages',
    form({
      conversation_id: 'alice-chatty-bot',
      participant: alice,
      type: 'TEXT',
      message: 'are you there?',
      client_id: 'selfcheck-1',
      context: 'post-chrome',
      form_key: aliceKey,
    }),
  );
  const sent = send1.json?.response?.messages?.data?.[0];
  check(
    'send text',
    send1.status === 200 && sent?.content?.text === 'are you there?' && sent.client_id === 'selfcheck-1' && sent.participant === alice,
    send1.text,
  );
  const send2 = await req(
    '/svc/conversations/messages',
    form({
      conversation_id: 'alice-chatty-bot',
      participant: alice,
      type: 'TEXT',
      message: 'are you there?',
      client_id: 'selfcheck-1',
      form_key: aliceKey,
    }),
  );
  check(
    'same client id → the same message, stored once',
    send2.json?.response?.messages?.data?.[0]?.id === sent?.id &&
      (await req('/__demo/state?table=messages&client_id=selfcheck-1')).json?.count === 1,
  );
  const post = (await req('/svc/tumblelog_popover/bob')).json?.response?.highlighted_posts?.[0];
  const sendPost = await req(
    '/svc/conversations/messages',
    form({
      conversation_id: 'alice-bob',
      participant: alice,
      type: 'POSTREF',
      post: JSON.stringify({ id: post?.id, blog: bob }),
      form_key: aliceKey,
    }),
  );
  check('send a post', sendPost.status === 200 && sendPost.json?.response?.messages?.data?.[0]?.post?.id === post?.id, sendPost.text);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const fd = new FormData();
  for (const [k, v] of Object.entries({
    conversation_id: 'alice-bob',
    participant: alice,
    type: 'IMAGE',
    context: 'messaging-image-upload',
    form_key: aliceKey,
  }))
    fd.set(k, v);
  fd.set('data', new Blob([png], { type: 'image/png' }), 'dot.png');
  const sendImage = await req('/svc/conversations/messages', { method: 'POST', body: fd });
  const image = sendImage.json?.response?.messages?.data?.[0]?.images?.[0]?.original_size;
  check(
    'send an image (multipart data)',
    sendImage.status === 200 && image?.width === 1 && image?.height === 1 && image?.url?.startsWith('/svc/conversations/images/'),
    sendImage.text,
  );
  const served = await req(image?.url ?? '/nope');
  check('uploaded image served to participants', served.status === 200 && served.headers.get('content-type') === 'image/png');
  check('uploaded image hidden from others', (await req(image?.url ?? '/nope', { cookie: 'tl_session=carol' })).status === 404);
  const bad = new FormData();
  for (const [k, v] of Object.entries({ conversation_id: 'alice-bob', participant: alice, type: 'IMAGE', form_key: aliceKey }))
    bad.set(k, v);
  bad.set('data', new Blob(['not an image'], { type: 'image/png' }), 'x.png');
  check('unreadable image → 400', (await req('/svc/conversations/messages', { method: 'POST', body: bad })).status === 400);
  const fresh = await req(
    '/svc/conversations/messages',
    form({ participants: 'tea-ceremony', participant: alice, type: 'TEXT', message: 'hello tea', form_key: aliceKey }),
  );
  const freshId = fresh.json?.response?.conversation_id as string;
  check(
    'send to a new conversation creates it',
    fresh.status === 200 &&
      typeof freshId === 'string' &&
      (await req(`/svc/conversations/messages?participants=tea-ceremony&participant=${alice}`)).json?.response?.id === freshId,
  );
  const bobKey = await keyOf('bob');
  const bobPoll = await req(
    `/services/poll?token=${bootstrapOf((await req('/dashboard', { cookie: 'tl_session=bob' })).text)?.user?.polling_token}&unread_messages=true&mention_keys=bob`,
  );
  check('the recipient sees it unread', (bobPoll.json?.response?.unread_messages?.bob?.['alice-bob'] ?? 0) >= 2, bobPoll.json);
  check(
    'bob can answer',
    (
      await req(
        '/svc/conversations/messages',
        as('bob', bobKey, form({ conversation_id: 'alice-bob', participant: 'bob', type: 'TEXT', message: 'nice dot' })),
      )
    ).status === 200,
  );

  // flag, delete, suggestions, tutorial
  const unblur = await req(
    '/svc/conversations/flag',
    form({ conversation_id: 'alice-glitch-art-daily', participant: alice, type: 'unblur', form_key: aliceKey }),
  );
  check(
    'flag unblur',
    unblur.status === 200 &&
      (await req(`/svc/conversations/messages?conversation_id=alice-glitch-art-daily&participant=${alice}`)).json?.response
        ?.is_blurred_images === false,
  );
  const spam = await req(
    '/svc/conversations/flag',
    form({ conversation_id: 'alice-glitch-art-daily', participant: alice, type: 'spam', context: 'inline', form_key: aliceKey }),
  );
  check(
    'flag spam blocks and removes',
    spam.status === 200 &&
      (await req('/__demo/blocks?blog=alice')).json?.rows?.some((r: Json) => r.blocked_blog === 'glitch-art-daily') &&
      !((await req(`/svc/conversations?participant=${alice}&limit=50`)).json?.response?.conversations as Json[]).some(
        (c) => c.id === 'alice-glitch-art-daily',
      ),
  );
  const del = await req(`/svc/conversations/messages?conversation_id=alice-dora&participant=${alice}`, {
    method: 'DELETE',
    headers: { 'X-Tumblr-Form-Key': aliceKey },
  });
  const afterDelete = (await req(`/svc/conversations?participant=${alice}&limit=50`)).json?.response?.conversations as Json[];
  check('delete hides the conversation', del.status === 200 && !afterDelete.some((c) => c.id === 'alice-dora'));
  check(
    'a newer message brings it back',
    (
      await req(
        '/svc/conversations/messages',
        as('dora', doraKey, form({ conversation_id: 'alice-dora', participant: 'dora', type: 'TEXT', message: 'hello again' })),
      )
    ).status === 200 &&
      ((await req(`/svc/conversations?participant=${alice}&limit=50`)).json?.response?.conversations as Json[]).some(
        (c) => c.id === 'alice-dora',
      ),
  );
  const seaGlass = async () =>
    (await req(`/svc/conversations/messages?conversation_id=alice-sea-glass&participant=${alice}`)).json?.response?.messages
      ?.data as Json[];
  const firstImage = (await seaGlass())?.find((m) => m.type === 'IMAGE');
  const delOne = await req(`/svc/conversations/messages/${firstImage?.id}?conversation_id=alice-sea-glass&participant=${alice}`, {
    method: 'DELETE',
    headers: { 'X-Tumblr-Form-Key': aliceKey },
  });
  check(
    'delete one message hides it',
    delOne.status === 200 &&
      !(await seaGlass()).some((m) => m.id === firstImage?.id) &&
      (await seaGlass()).filter((m) => m.type === 'IMAGE').length === 1,
  );
  check(
    "delete one message: someone else's conversation is a 404",
    (
      await req(`/svc/conversations/messages/1?conversation_id=bob-carol&participant=${alice}`, {
        method: 'DELETE',
        headers: { 'X-Tumblr-Form-Key': aliceKey },
      })
    ).status === 404,
  );
  const sentPosts = (
    ((await req(`/svc/conversations/messages?conversation_id=alice-slow-cinema&participant=${alice}`)).json?.response?.messages
      ?.data as Json[]) ?? []
  ).map((m) => m.post);
  check(
    'post messages: every kind, photos with sizes, one NSFW, one gone',
    ['photo', 'link', 'quote', 'audio', 'video', 'chat'].every((t) => sentPosts.some((p) => p?.type === t)) &&
      sentPosts.some((p) => p?.type === 'photo' && p.photos?.length > 1 && p.photos[0].alt_sizes?.length === 3) &&
      sentPosts.some((p) => p?.is_nsfw === true) &&
      sentPosts.some((p) => p?.state === 'disabled') &&
      sentPosts.filter((p) => p?.type === 'quote').every((p) => p.thumbnail_url === undefined),
    sentPosts.map((p) => `${p?.type}:${p?.state}`),
  );
  const search = (await req(`/svc/conversations/participant_suggestions?q=bo&participant=${alice}`)).json?.response?.blogs as Json[];
  check(
    'suggestions: search',
    search?.[0]?.name === 'bob' && !search.some((b) => b.name.startsWith('alice')),
    search?.map((b) => b.name),
  );
  const favs = (await req(`/svc/conversations/participant_suggestions?participant=${alice}&include_recent=true`)).json?.response
    ?.blogs as Json[];
  check(
    'suggestions: favourites (8, can receive, not own)',
    favs?.length === 8 && favs.every((b) => b.can_receive_messages === true && !b.name.startsWith('alice')),
    favs?.map((b) => b.name),
  );
  check(
    'tutorial_seen',
    (await req('/svc/conversations/tutorial_seen', { method: 'POST', headers: { 'X-Tumblr-Form-Key': aliceKey } })).json?.response?.seen ===
      true,
  );

  // ---- the blog preview drawer, blog search, post actions ----
  const page1 = (await req('/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&limit=10&offset=0')).json?.response;
  check(
    'indash posts: a page of 10 with the blog and the ad',
    page1?.posts?.length === 10 &&
      page1.tumblelog?.name === 'long-archive' &&
      page1.peepr_ad?.width === 300 &&
      typeof page1.tumblelog.global_theme_params === 'object',
    page1?.posts?.length,
  );
  const page25 = (await req('/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&limit=10&offset=230')).json?.response;
  check(
    'indash posts: 240 posts, the last page short',
    page25?.posts?.length === 10 &&
      (await req('/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&limit=10&offset=235')).json?.response?.posts?.length === 5,
  );
  const firstPost = page1?.posts?.[3];
  const single = (await req(`/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=1`)).json?.response
    ?.posts;
  const olderOnes = (await req(`/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=10&offset=1`)).json
    ?.response?.posts;
  check(
    'indash posts: from a post, then the older ones',
    single?.length === 1 && single[0].id === firstPost?.id && olderOnes?.[0]?.id === page1?.posts?.[4]?.id,
  );
  check(
    'indash posts: the fields post actions read',
    ['id', 'reblog_key', 'post_id', 'tumblelog_name', 'post_url', 'post_tiny_url', 'root_id', 'tumblelog_uuid'].every(
      (k) => typeof firstPost?.[k] === 'string',
    ) &&
      firstPost.liked === false &&
      firstPost.is_mine === false,
    firstPost,
  );
  check(
    'indash posts: bad paging is a 400, an unknown blog a 404',
    (await req('/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&limit=x')).status === 400 &&
      (await req('/svc/indash_blog/posts?tumblelog_name_or_id=nobody-here')).status === 404,
  );
  const photoPost = page1?.posts?.find((p: Json) => p.type === 'photo') ?? page25?.posts?.find((p: Json) => p.type === 'photo');
  check(
    'indash posts: photos with original_size and alt_sizes',
    photoPost?.photos?.[0]?.original_size?.url && photoPost.photos[0].alt_sizes.length > 0,
    photoPost?.photos,
  );
  const hdr = (await req('/svc/indash_blog/header?tumblelog_name_or_id=bob')).json?.response;
  check('indash header', hdr?.name === 'bob' && typeof hdr.following === 'boolean' && hdr.is_mine === false);
  const saveHdr = await req('/svc/indash_blog/header', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': aliceKey },
    body: JSON.stringify({
      tumblelog_name_or_id: 'alice',
      tumblelog: { title: 'Alice, renamed', global_theme_params: { title_color: '#123456', header_image_focused: 'javascript:x' } },
    }),
  });
  check(
    'indash header save: own blog, known theme keys only',
    saveHdr.status === 200 &&
      saveHdr.json?.response?.title === 'Alice, renamed' &&
      saveHdr.json.response.global_theme_params.title_color === '#123456' &&
      saveHdr.json.response.global_theme_params.header_image_focused !== 'javascript:x',
  );
  check(
    "indash header save: someone else's blog is a 403",
    (
      await req('/svc/indash_blog/header', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': aliceKey },
        body: JSON.stringify({ tumblelog_name_or_id: 'bob', tumblelog: { title: 'x' } }),
      })
    ).status === 403,
  );
  const tagged = (await req('/svc/search/blog_search/long-archive/archive?limit=10&next_offset=0')).json?.response;
  check(
    'blog search: by tag, paged',
    tagged?.posts?.length === 10 && tagged.posts.every((p: Json) => p.tags.includes('archive') || p.content) && tagged.next_offset === 10,
    tagged?.next_offset,
  );
  const photos = (await req('/svc/search/blog_search/long-archive/archive?post_type=PHOTO&limit=20')).json?.response;
  check('blog search: the type filter', photos?.posts?.length > 0 && photos.posts.every((p: Json) => p.type === 'photo'));
  const popular = (await req('/svc/search/blog_search/long-archive/archive?sort=POPULARITY_DESC&limit=20')).json?.response?.posts as Json[];
  check(
    'blog search: by popularity',
    popular?.length > 1 && popular.every((p, i) => i === 0 || popular[i - 1]!.note_count >= p.note_count),
  );
  check(
    'blog search: an unknown sort is a 400; nothing found is an empty page that ends',
    (await req('/svc/search/blog_search/bob/x?sort=NEWEST')).status === 400 &&
      (await req('/svc/search/blog_search/bob/zzzqqq')).json?.response?.next_offset === -1,
  );
  const ahead = (await req('/svc/search/blog_search_typeahead/long-archive')).json?.response?.tags as Json[];
  check("type-ahead: the blog's tags, most used first", ahead?.length > 3 && typeof ahead[0]?.tag === 'string');
  check('ad script served', (await req('/assets/ads/peepr-ad.js')).text.includes('tumblelogAds'));
  const likeForm = { id: String(firstPost?.id), key: String(firstPost?.reblog_key), source: 'indash_blog', form_key: aliceKey };
  const liked = await req('/svc/like', form(likeForm));
  const afterLike = (await req(`/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=1`)).json?.response
    ?.posts?.[0];
  check(
    'like: stored, seen as liked, one more note',
    liked.status === 200 && afterLike?.liked === true && afterLike.note_count === firstPost.note_count + 1,
    liked.json,
  );
  check(
    'like: a wrong key is a 404, no form key a 403',
    (await req('/svc/like', form({ ...likeForm, key: 'nope' }))).status === 404 &&
      (await req('/svc/like', form({ id: likeForm.id, key: likeForm.key }))).status === 403,
  );
  const ownPost = (await req('/svc/indash_blog/posts?tumblelog_name_or_id=alice&limit=1')).json?.response?.posts?.[0];
  check(
    'like: own posts cannot be liked',
    ownPost?.is_mine === true &&
      (await req('/svc/like', form({ id: ownPost.id, key: ownPost.reblog_key, form_key: aliceKey }))).status === 400,
  );
  const unliked = await req('/svc/unlike', form(likeForm));
  check(
    'unlike',
    unliked.status === 200 &&
      (await req(`/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=1`)).json?.response?.posts?.[0]
        ?.liked === false,
  );
  // The dashboard's own Like buttons: a data-post-action mark on others' posts, pressed for the ones alice likes.
  const likeMarks = (await req('/dashboard')).text
    .split('<li class="post_container"')
    .slice(1)
    .map((chunk) => [chunk, chunk.match(/^ id="post_(\d+)"/)?.[1], chunk.match(/data-blog-name="([a-z0-9-]+)"/)?.[1]] as const);
  const others = likeMarks.filter((m) => !['alice', 'alice-sketches'].includes(m[2]!));
  const dashLike = others[0] ? decode(others[0][0].match(/data-post="([^"]+)"/)?.[1] ?? '') : '';
  const dashMark = dashLike ? (JSON.parse(dashLike) as Json) : null;
  check(
    "dashboard Like buttons on others' posts, Delete on own posts, each with a data-post mark",
    others.length > 5 &&
      others.every((m) => m[0].includes('data-post-action="like"')) &&
      likeMarks
        .filter((m) => ['alice', 'alice-sketches'].includes(m[2]!))
        .every((m) => !m[0].includes('data-post-action="like"') && m[0].includes('data-post-action="delete"')),
  );
  await req('/svc/like', form({ id: String(dashMark?.id), key: String(dashMark?.reblog_key), source: 'dashboard', form_key: aliceKey }));
  const pressed = new RegExp(`id="post_${dashMark?.id}"[\\s\\S]*?data-post-action="like"[^>]*aria-pressed="true"`);
  check('dashboard Like button: pressed after a like, after a reload', pressed.test((await req('/dashboard')).text));
  await req('/svc/unlike', form({ id: String(dashMark?.id), key: String(dashMark?.reblog_key), source: 'dashboard', form_key: aliceKey }));
  const reblog = await req(
    '/fast_reblog',
    form({ reblog_key: String(firstPost?.reblog_key), reblog_post_id: String(firstPost?.id), form_key: aliceKey }),
  );
  const seenReblogged = (await req(`/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=1`)).json
    ?.response?.posts?.[0];
  check(
    'fast reblog: a new post on alice, the source reblogged',
    reblog.status === 200 && reblog.json?.response?.post_tumblelog?.name_or_id === 'alice' && seenReblogged?.reblogged === true,
    reblog.json,
  );
  const newId = String(reblog.json?.response?.post_id);
  check(
    "queue and publish own posts; not someone else's",
    (await req('/queue', form({ id: newId, form_key: aliceKey }))).json?.response?.state === 'queued' &&
      (await req('/publish', form({ id: newId, form_key: aliceKey }))).json?.response?.state === 'published' &&
      (await req('/publish', form({ id: String(firstPost?.id), form_key: aliceKey }))).status === 403,
  );
  check(
    'reply',
    (
      await req(
        '/svc/reply',
        form({ post_id: String(firstPost?.id), reply_text: 'Lovely.', tumblelog: 'long-archive', form_key: aliceKey }),
      )
    ).status === 200,
  );
  const promo = await req('/svc/promote', form({ post_id: newId, tag: 'archive', form_key: aliceKey }));
  check(
    'promote and unpromote',
    promo.status === 200 &&
      (await req('/svc/unpromote', form({ post_id: newId, tag_id: String(promo.json?.response?.tag_id), form_key: aliceKey }))).json
        ?.response?.removed === true,
  );
  check(
    'delete own post',
    (await req('/svc/post/delete', form({ post_id: newId, form_key: aliceKey }))).json?.response?.deleted === true &&
      (await req('/svc/post/delete', form({ post_id: newId, form_key: aliceKey }))).status === 404,
  );

  // Post media: uploads, embed lookups, OpenGraph
  const upload = async (kind: string, blob: Blob, name: string, key = aliceKey) => {
    const body = new FormData();
    body.set('form_key', key);
    body.set(kind, blob, name);
    return req(`/svc/post/upload/${kind}`, { method: 'POST', body });
  };
  const up = await upload('photo', new Blob([png], { type: 'image/png' }), 'dot.png');
  const upped = up.json?.response?.[0];
  check(
    "photo upload: stored, sized, in the spec's shape",
    up.status === 200 &&
      up.json?.meta?.status === 200 &&
      upped?.width === 1 &&
      upped.height === 1 &&
      /\/media\/uploads\/[0-9a-f]{24}\.png$/.test(upped.url ?? ''),
    up.text,
  );
  const upServed = await req(new URL(upped?.url ?? 'http://x/nope').pathname);
  check('uploaded photo served back', upServed.status === 200 && upServed.headers.get('content-type') === 'image/png');
  const notImage = await upload('photo', new Blob(['hello'], { type: 'image/png' }), 'fake.png');
  check(
    "photo upload: a file that is not an image is refused by its bytes, with the spec's text",
    notImage.status === 400 && notImage.json?.meta?.msg === 'This is not valid image file.',
  );
  const huge = await upload('photo', new Blob([new Uint8Array(10_485_761)], { type: 'image/jpeg' }), 'huge.jpg');
  check(
    'photo upload: over 10 MB is a 413 with the "too big" text',
    huge.status === 413 && huge.json?.meta?.msg === 'The file is too big. Squish it down, and try again!',
  );
  check(
    'upload: no file is a 400; no form key a 403',
    (await req('/svc/post/upload/photo', form({ form_key: aliceKey }))).status === 400 &&
      (await upload('photo', new Blob([png]), 'dot.png', 'nope')).status === 403,
  );
  const mp3 = await upload('audio', new Blob([new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0])], { type: 'audio/mpeg' }), 'a.mp3');
  check(
    'audio upload',
    mp3.status === 200 && mp3.json?.response?.[0]?.type === 'audio' && mp3.json.response[0].url.endsWith('.mp3'),
    mp3.text,
  );
  const videoData = (url: string) =>
    req('/svc/post/get_video_data', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': aliceKey },
      body: JSON.stringify({ embed_url: url, embed_width: 500 }),
    });
  const harbour = (await videoData('http://localhost/demotube/watch/harbour')).json?.response;
  check(
    'get_video_data: the sample service, with a thumbnail and an iframe',
    typeof harbour?.thumbnail === 'string' && /^<iframe src="[^"]+\/demotube\/embed\/harbour"/.test(harbour.embed_code ?? ''),
    harbour,
  );
  const slow1 = (await videoData('http://localhost/demotube/watch/slow-thumbnail')).json?.response;
  const slow2 = (await videoData('http://localhost/demotube/watch/slow-thumbnail')).json?.response;
  check(
    'get_video_data: slow-thumbnail has its thumbnail only the second time',
    slow1?.thumbnail === undefined && typeof slow2?.thumbnail === 'string',
  );
  check('get_video_data: an unknown address is "false"', (await videoData('https://example.com/video')).json?.response === 'false');
  check('demotube player page', (await req('/demotube/embed/harbour')).text.includes('<video src="/assets/media/sd.mp4"'));
  const og = (await req(`/svc/post/opengraph?url=${encodeURIComponent('http://localhost/blog/bob')}`)).json?.response;
  check('OpenGraph of a demo blog', og?.title && og.site_name === 'tumblelog' && og.image?.endsWith('/assets/avatar/bob/512.svg'), og);
  check(
    'OpenGraph: another site is a 404',
    (await req(`/svc/post/opengraph?url=${encodeURIComponent('https://example.com/')}`)).status === 404,
  );

  // chatty-bot answers about two seconds later
  const botMessages = async () =>
    (await req(`/svc/conversations/messages?conversation_id=alice-chatty-bot&participant=${alice}`)).json?.response?.messages
      ?.data as Json[];
  check('chatty-bot: not yet', (await botMessages()).at(-1)?.id === sent?.id);
  await new Promise((r) => setTimeout(r, 2300));
  const last = (await botMessages()).at(-1);
  check(
    'chatty-bot: answered',
    last?.participant !== alice && typeof last?.content?.text === 'string' && last.content.text.includes('are you there?'),
    last,
  );
  await req(
    '/svc/conversations/messages',
    form({ conversation_id: 'alice-chatty-bot', participant: alice, type: 'TEXT', message: 'bye', form_key: aliceKey }),
  );
  const resetAgain = await req('/__demo/reset', { method: 'POST' });
  await new Promise((r) => setTimeout(r, 2300));
  const afterReset = await botMessages();
  check('chatty-bot: a reset cancels pending answers', resetAgain.status === 200 && afterReset.length === 2, afterReset);
}

/** Runs every check against a fresh server and database; a crash is reported as a failed check. */
export async function runServerChecks(): Promise<CheckResult[]> {
  results = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tumblelog-server-checks-'));
  const demo = createApp({ dataDir });
  app = demo.app;
  try {
    await main();
  } catch (error) {
    check('the walk through the server finished', false, error);
  } finally {
    demo.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
