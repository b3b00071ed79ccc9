/**
 * The reference server as a whole: its pages, the session and the bootstrap, assets and static files,
 * and the form key every POST must carry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bootstrapOf, form, formKeyOf, useTestServer, type Answer, type Json } from './app.test-helpers';

const { req } = useTestServer();

describe('pages, session, bootstrap', () => {
  let dash: Answer;
  let aliceKey: string;
  let boot: Json | null;

  beforeAll(async () => {
    dash = await req('/dashboard');
    aliceKey = formKeyOf(dash.text);
    boot = bootstrapOf(dash.text);
  });

  it('dashboard 200', () => {
    expect(dash.status).toBe(200);
  });

  it('dashboard CSP', () => {
    expect(dash.headers.get('content-security-policy') ?? '').toContain("script-src 'self'");
    expect(dash.headers.get('content-security-policy') ?? '').not.toContain('trusted-types');
  });

  it('the Trusted Types mode (cookie demo_trusted_types=1): the same CSP, enforcing the package policy only', async () => {
    const page = await req('/dashboard', { cookie: 'tl_session=alice; demo_trusted_types=1' });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/; require-trusted-types-for 'script'; trusted-types tumblelog-elements$/);
  });

  it('no inline style attributes', () => {
    expect(/\sstyle=[^>]*/i.exec(dash.text)?.[0]).toBeUndefined();
  });

  it('no inline <style>', () => {
    expect(/<style[\s>]/i.exec(dash.text)?.[0]).toBeUndefined();
  });

  it('only the JSON inline script', () => {
    const inline = dash.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inline.filter((s) => !s.includes('application/json'))).toEqual([]);
  });

  it('form key meta', () => {
    expect(aliceKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('bootstrap user alice', () => {
    expect(boot?.user?.name, JSON.stringify(boot?.user)).toBe('alice');
    expect(boot?.user?.is_verified_email, JSON.stringify(boot?.user)).toBe(true);
  });

  it('bootstrap channels', () => {
    expect(boot?.channels?.length).toBe(2);
    expect(boot?.channels?.[0].is_current).toBe(true);
  });

  it('dashboard posts with data-blog-card', () => {
    expect((dash.text.match(/<a href="\/blog\/[^"]+" data-blog-card="[^"]+"[^>]*>/g) ?? []).length).toBeGreaterThanOrEqual(20);
  });

  it('dashboard post names and avatars open the drawer (data-peepr)', () => {
    const marks =
      dash.text.match(/data-peepr="\{&quot;tumblelog&quot;:&quot;[a-z0-9-]+&quot;,&quot;postId&quot;:&quot;\d+&quot;\}"/g) ?? [];
    expect(marks.length).toBeGreaterThanOrEqual(40);
  });

  it('radar blog cards', () => {
    expect(dash.text).toContain('<blog-card blog-name="xss-lab"><a href="/blog/xss-lab">xss-lab</a></blog-card>');
  });

  it.for([
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
  ])('dashboard has <%s>', (tag) => {
    expect(dash.text).toContain(`<${tag}`);
  });

  it('dashboard has a delegate <blog-card></blog-card>', () => {
    expect(dash.text).toContain('<blog-card></blog-card>');
  });

  it('loader script', () => {
    expect(dash.text).toContain('<script type="module" src="/dist/loader.js"></script>');
  });

  it('mobile header attribute', async () => {
    const mobile = await req('/dashboard?mobile=1');
    expect(mobile.text).toContain('<blog-header mobile ');
    expect(bootstrapOf(mobile.text)?.flags?.is_mobile_handset).toBe(true);
  });

  describe('?as=<user>', () => {
    let asAnon: Answer;
    beforeAll(async () => {
      asAnon = await req('/dashboard?as=anonymous&page=1');
    });

    it('?as redirects', () => {
      const location = asAnon.headers.get('location');
      expect(asAnon.status, String(location)).toBe(302);
      expect(location).toBe('/dashboard?page=1');
    });

    it('?as sets cookie', () => {
      expect(asAnon.headers.get('set-cookie') ?? '').toMatch(/^tl_session=anonymous/);
    });

    it('logged-out bootstrap user null', async () => {
      const anonDash = await req('/dashboard', { cookie: 'tl_session=anonymous' });
      expect(bootstrapOf(anonDash.text)?.user).toBeNull();
    });

    it('anonymous has its own form key', async () => {
      const anonKey = formKeyOf((await req('/dashboard', { cookie: 'tl_session=anonymous' })).text);
      expect(anonKey.length).toBe(64);
      expect(anonKey).not.toBe(aliceKey);
    });

    it('unknown ?as → 400', async () => {
      expect((await req('/dashboard?as=mallory')).status).toBe(400);
    });
  });

  describe('blog pages (themes)', () => {
    let bobTheme: Answer;
    beforeAll(async () => {
      bobTheme = await req('/blog/bob');
    });

    it('theme page 200', () => {
      expect(bobTheme.status).toBe(200);
    });

    it('theme page: two video players', () => {
      expect((bobTheme.text.match(/<video-player /g) ?? []).length).toBe(2);
    });

    it('theme page: ask form', () => {
      expect(bobTheme.text).toContain('<ask-form blog-name="bob">');
    });

    it('theme page: own stylesheet', () => {
      expect(bobTheme.text).toContain('/static/theme/bob.css');
    });

    it('theme css served', async () => {
      const themeCss = await req('/static/theme/bob.css');
      expect(themeCss.status).toBe(200);
      expect(themeCss.text).toContain('--theme-bg');
    });

    it('theme paging', async () => {
      expect((await req('/blog/bob?page=3')).text).toContain('theme-post');
    });

    it('unknown blog page 404', async () => {
      expect((await req('/blog/no-such-blog')).status).toBe(404);
    });

    it('xss-lab title escaped', async () => {
      expect((await req('/blog/xss-lab')).text).toContain('XSS Lab &lt;script&gt;');
    });
  });
});

describe('assets and static', () => {
  it('avatar svg', async () => {
    const avatar = await req('/assets/avatar/bob/48.svg');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type') ?? '').toMatch(/^image\/svg\+xml/);
    expect(avatar.text).toMatch(/^<svg/);
  });

  it('avatar cache header', async () => {
    expect((await req('/assets/avatar/bob/48.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('header svg', async () => {
    expect((await req('/assets/header/bob.svg')).status).toBe(200);
  });

  it('post svg deterministic', async () => {
    expect((await req('/assets/post/123.svg')).text).toBe((await req('/assets/post/123.svg')).text);
  });

  it('static css', async () => {
    expect((await req('/static/dashboard.css')).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('missing dist file 404', async () => {
    expect((await req('/dist/definitely-missing.js')).status).toBe(404);
  });

  it('path traversal refused', async () => {
    expect((await req('/static/..%2f..%2fpackage.json')).status).toBe(404);
  });
});

describe('form key', () => {
  it('POST without form key → 403', async () => {
    const noKey = await req('/svc/follow', form({ tumblelog: 'slow-cinema' }));
    expect(noKey.status, noKey.text).toBe(403);
    expect(noKey.text).toBe('{"meta":{"status":403,"msg":"Forbidden"},"errors":[{"code":1003,"title":"Invalid form key"}]}');
  });

  it("another user's key → 403", async () => {
    const aliceKey = formKeyOf((await req('/dashboard')).text);
    const wrongKey = await req('/svc/follow', {
      ...form({ tumblelog: 'slow-cinema' }),
      cookie: 'tl_session=bob',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': aliceKey },
    });
    expect(wrongKey.status).toBe(403);
  });
});
