/**
 * Quick self-check of the reference server (in-process, temp data dir, no network):
 *   node --import tsx demo/server/selfcheck.ts
 * Exits non-zero on the first failed group; prints one line per check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app';

const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), 'tumblelog-selfcheck-'));
const { app, close } = createApp({ dataDir });
let failures = 0;
let passes = 0;
let finished = false;
// a run that stops early (a promise nobody settles) must not look like a pass
process.exitCode = 1;
process.on('beforeExit', () => {
  if (!finished) console.error('✗ selfcheck stopped before finishing');
});

function check(name: string, condition: boolean, extra?: unknown): void {
  if (condition) {
    passes++;
    return;
  }
  failures++;
  console.error(`✗ ${name}`, extra === undefined ? '' : extra);
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function req(path: string, init: RequestInit & { cookie?: string } = {}): Promise<{ status: number; headers: Headers; text: string; json: Json | null }> {
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
  check('only the JSON inline script', (dash.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).every((s) => s.includes('application/json')));
  const aliceKey = formKeyOf(dash.text);
  check('form key meta', /^[0-9a-f]{64}$/.test(aliceKey));
  const boot = bootstrapOf(dash.text);
  check('bootstrap user alice', boot?.user?.name === 'alice' && boot.user.is_verified_email === true, boot?.user);
  check('bootstrap channels', boot?.channels?.length === 2 && boot.channels[0].is_current === true);
  check('dashboard posts with data-blog-card', (dash.text.match(/<a href="\/blog\/[^"]+" data-blog-card="[^"]+">/g) ?? []).length >= 20);
  check('radar blog cards', dash.text.includes('<blog-card blog-name="xss-lab"><a href="/blog/xss-lab">xss-lab</a></blog-card>'));
  for (const tag of ['blog-header', 'fast-compose', 'post-composer', 'messaging-dock', 'activity-popover', 'share-popover', 'peepr-drawer', 'gif-search', 'video-player', 'ask-form blog-name="bob"', 'blog-card']) {
    check(`dashboard has <${tag}>`, dash.text.includes(`<${tag}`));
  }
  check('dashboard has a delegate <blog-card></blog-card>', dash.text.includes('<blog-card></blog-card>'));
  check('loader script', dash.text.includes('<script type="module" src="/dist/loader.js"></script>'));
  const mobile = await req('/dashboard?mobile=1');
  check('mobile header attribute', mobile.text.includes('<blog-header mobile ') && bootstrapOf(mobile.text)?.flags?.is_mobile_handset === true);

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
  check('avatar svg', avatar.status === 200 && (avatar.headers.get('content-type') ?? '').startsWith('image/svg+xml') && avatar.text.startsWith('<svg'));
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
  check('popover highlighted posts', Array.isArray(p?.highlighted_posts) && p.highlighted_posts.length === 6 && p.highlighted_posts[0].thumbnail_url.startsWith('/assets/post/'));
  check('popover asks', p?.asks === true && p?.anonymous_asks === true && p?.can_receive_messages === true);
  const anonPop = await req('/svc/tumblelog_popover/bob', { cookie: 'tl_session=anonymous' });
  check('popover logged out: following false', anonPop.json?.response?.following === false);
  const missing = await req('/svc/tumblelog_popover/nobody-here');
  check('unknown blog 404 envelope', missing.status === 404 && missing.json?.meta?.status === 404 && Array.isArray(missing.json?.errors));
  const hl = await req('/svc/quiet-corner/posts/highlighted');
  check('highlighted (1 post blog)', hl.status === 200 && hl.json?.response?.highlighted_posts?.length === 1);

  // ---- form key ----
  const noKey = await req('/svc/follow', form({ tumblelog: 'slow-cinema' }));
  check('POST without form key → 403', noKey.status === 403 && noKey.text === '{"meta":{"status":403,"msg":"Forbidden"},"errors":[{"code":1003,"title":"Invalid form key"}]}', noKey.text);
  const wrongKey = await req('/svc/follow', { ...form({ tumblelog: 'slow-cinema' }), cookie: 'tl_session=bob', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': aliceKey } });
  check("another user's key → 403", wrongKey.status === 403);

  // ---- follow round trip ----
  const follow = await req('/svc/follow', { ...form({ tumblelog: 'slow-cinema', source: 'blog_card' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': aliceKey } });
  check('follow (header key)', follow.status === 200 && follow.json?.response?.following === true && follow.json?.response?.tumblelog === 'slow-cinema', follow.text);
  const rows = (await req('/__demo/follows?blog=alice')).json?.rows as { followed_blog: string }[];
  check('follow persisted', rows.some((r) => r.followed_blog === 'slow-cinema'));
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
  check('follow logged out → 401', (await req('/svc/follow', { ...form({ tumblelog: 'bob', form_key: anonKey }), cookie: 'tl_session=anonymous' })).status === 401);
  const unsub = await req('/svc/blog/bob/subscription', { method: 'DELETE', headers: { 'X-Tumblr-Form-Key': aliceKey } });
  check('unsubscribe (DELETE)', unsub.status === 200 && unsub.json?.response?.is_subscribed === false, unsub.text);

  // ---- block ----
  const block = await req('/svc/block/add', form({ tumblelog: 'alice', blocked_tumblelog: 'bob', form_key: aliceKey }));
  check('block', block.status === 200 && block.json?.response?.blocked === true, block.text);
  const afterBlock = (await req('/__demo/state?table=follows')).json?.rows as { follower_blog: string; followed_blog: string }[];
  check('block removes follows both ways', !afterBlock.some((r) => (r.follower_blog === 'alice' && r.followed_blog === 'bob') || (r.follower_blog === 'bob' && r.followed_blog === 'alice')));
  check('cannot follow a blocked blog', (await req('/svc/follow', form({ tumblelog: 'bob', form_key: aliceKey }))).status === 403);
  check('unblock', (await req('/svc/block/remove', form({ tumblelog: 'alice', blocked_tumblelog: 'bob', form_key: aliceKey }))).json?.response?.blocked === false);
  check('cannot block own blog', (await req('/svc/block/add', form({ blocked_tumblelog: 'alice-sketches', form_key: aliceKey }))).status === 400);

  // ---- faults ----
  const addFault = (body: unknown) => req('/__demo/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  check('add fault', (await addFault({ path: '/svc/tumblelog_popover/bob', status: 500, count: 2 })).status === 201);
  const f1 = await req('/svc/tumblelog_popover/bob');
  const f2 = await req('/svc/tumblelog_popover/bob');
  const f3 = await req('/svc/tumblelog_popover/bob');
  check('fault 500 ×2 then OK', f1.status === 500 && f2.status === 500 && f3.status === 200, [f1.status, f2.status, f3.status]);
  check('fault uses error envelope', f1.json?.meta?.status === 500 && Array.isArray(f1.json?.errors));
  await addFault({ path: '/svc/tumblelog_popover/*', status: 'malformed', count: 1 });
  const mal = await req('/svc/tumblelog_popover/carol');
  check('malformed fault', mal.status === 200 && mal.text === '{"meta":' && (mal.headers.get('content-type') ?? '').includes('application/json'), mal.text);
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
  check('reset restores follows', afterReset.length === 15 && !afterReset.some((r) => r.followed_blog === 'sea-glass') && afterReset.some((r) => r.followed_blog === 'bob' && r.subscribed === 1));
  check('reset keeps the form key valid', (await req('/svc/follow', form({ tumblelog: 'sea-glass', form_key: aliceKey }))).status === 200);
}

main()
  .catch((error) => {
    failures++;
    console.error('✗ selfcheck crashed:', error);
  })
  .finally(() => {
    finished = true;
    close();
    rmSync(dataDir, { recursive: true, force: true });
    const ms = Date.now() - started;
    if (failures) {
      console.error(`selfcheck: ${failures} failed, ${passes} passed (${ms} ms)`);
      process.exit(1);
    }
    process.exitCode = 0;
    console.log(`selfcheck: all ${passes} checks passed (${ms} ms)`);
  });
