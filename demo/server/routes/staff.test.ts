/** Staff toggles (routes/staff.ts) and what the flags change: the blog card's data and the blog's page. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asUser, bootstrapOf, form, useTestServer, type Json } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['staff', 'alice', 'anonymous'] });

const asStaff = (fields: Record<string, string>) => asUser('staff', keyOf('staff'), form(fields));
const blogRow = async (name: string): Promise<Json> => (await req(`/__demo/state?table=blogs&name=${name}`)).json?.rows[0] as Json;

describe('staff toggles', () => {
  it('the seeded staff member is staff in the bootstrap; alice is not', async () => {
    expect(bootstrapOf((await req('/dashboard', { cookie: 'tl_session=staff' })).text)?.user?.is_staff).toBe(true);
    expect(bootstrapOf((await req('/dashboard')).text)?.user?.is_staff).toBe(false);
  });

  it('each toggle flips its flag in the database and answers the new state', async () => {
    const columns = { spam: 'is_spam', nsfw: 'is_nsfw', adult: 'is_adult', uniblock: 'is_uniblocked', suspended: 'is_suspended' };
    for (const [flag, column] of Object.entries(columns)) {
      const on = await req(`/${flag}/toggle`, asStaff({ tumblelog: 'carol' }));
      expect(on.status, on.text).toBe(200);
      expect(on.json?.response).toMatchObject({ tumblelog: 'carol', flag, on: true });
      expect((await blogRow('carol'))[column], flag).toBe(1);
      const off = await req(`/${flag}/toggle`, asStaff({ tumblelog: 'carol' }));
      expect(off.json?.response).toMatchObject({ tumblelog: 'carol', flag, on: false });
      expect((await blogRow('carol'))[column], flag).toBe(0);
    }
  });

  it('answers as the client fixture records it (tests/fixtures/staff-toggle/answer.json)', async () => {
    const fixture = JSON.parse(readFileSync('tests/fixtures/staff-toggle/answer.json', 'utf8')) as Json;
    const answer = await req('/suspended/toggle', asStaff({ tumblelog: 'bob' }));
    expect(answer.json).toEqual(fixture);
    await req('/suspended/toggle', asStaff({ tumblelog: 'bob' }));
  });

  it('a blog is found by uuid too', async () => {
    const uuid = (await blogRow('carol')).uuid as string;
    const answer = await req('/adult/toggle', asStaff({ tumblelog: uuid }));
    expect(answer.json?.response).toMatchObject({ tumblelog: 'carol', on: true });
    await req('/adult/toggle', asStaff({ tumblelog: 'carol' }));
  });

  it('refuses anyone but staff, and a call without the form key', async () => {
    const alice = await req('/spam/toggle', form({ tumblelog: 'bob', form_key: keyOf('alice') }));
    expect(alice.status).toBe(403);
    expect(alice.json?.errors?.[0]?.detail).toBe('Only staff can change this.');
    expect((await req('/spam/toggle', asUser('anonymous', keyOf('anonymous'), form({ tumblelog: 'bob' })))).status).toBe(401);
    const noKey = await req('/spam/toggle', { ...form({ tumblelog: 'bob' }), cookie: 'tl_session=staff' });
    expect(noKey.status).toBe(403);
    expect(noKey.json?.errors?.[0]?.code).toBe(1003);
    expect((await blogRow('bob')).is_spam).toBe(0);
  });

  it('400 without a blog, 404 for an unknown one', async () => {
    expect((await req('/nsfw/toggle', asStaff({}))).status).toBe(400);
    expect((await req('/nsfw/toggle', asStaff({ tumblelog: 'nobody-here' }))).status).toBe(404);
  });
});

describe('what the flags change', () => {
  it('the card: marks for everyone, every flag for staff only', async () => {
    const forAlice = (await req('/svc/tumblelog_popover/glitch-art-daily')).json?.response as Json;
    expect([forAlice.is_nsfw, forAlice.is_adult, forAlice.is_suspended]).toEqual([true, false, false]);
    expect(forAlice).not.toHaveProperty('staff_flags');
    const forStaff = (await req('/svc/tumblelog_popover/glitch-art-daily', { cookie: 'tl_session=staff' })).json?.response as Json;
    expect(forStaff.staff_flags).toEqual({ spam: false, nsfw: true, adult: false, uniblock: false, suspended: false });
  });

  it("the blog's page: the site's notice, and a suspended blog's posts hidden from all but staff", async () => {
    expect((await req('/blog/glitch-art-daily')).text).toContain('This blog may contain sensitive content.');
    expect((await req('/blog/bob')).text).not.toContain('class="site-notice"');
    await req('/suspended/toggle', asStaff({ tumblelog: 'bob' }));
    const visitor = (await req('/blog/bob')).text;
    expect(visitor).toContain('This blog is suspended. Its posts are hidden.');
    expect(visitor).not.toContain('class="theme-post ');
    const staff = (await req('/blog/bob', { cookie: 'tl_session=staff' })).text;
    expect(staff).toContain('You see its posts because you are staff.');
    expect(staff).toContain('class="theme-post ');
    await req('/suspended/toggle', asStaff({ tumblelog: 'bob' }));
  });
});
