/** A blog's auto-send settings (routes/settings.ts) and the post form's builder data that reads them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asUser, form, useTestServer, type Json } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice', 'bob', 'anonymous'] });

const fixture = (name: string) => JSON.parse(readFileSync(`tests/fixtures/settings-save/${name}.json`, 'utf8')) as Json;
const asAlice = (fields: Record<string, string>) => form({ ...fields, form_key: keyOf('alice') });
const blogRow = async (name: string): Promise<Json> => (await req(`/__demo/state?table=blogs&name=${name}`)).json?.rows[0] as Json;
const builderChannels = async (): Promise<Json[]> =>
  (await req('/svc/post/get_post_form_builder_data', asAlice({}))).json?.response?.channels as Json[];

describe('/settings/save', () => {
  it('alice starts sending her posts to Twitter, and nowhere else', async () => {
    const channels = await builderChannels();
    expect(channels.map((c) => [c.name, c.twitter_send_posts, c.facebook_opengraph_send_posts])).toEqual([
      ['alice', true, false],
      ['alice-sketches', false, false],
    ]);
  });

  it("the client's recorded request is stored and answered as recorded; the post form reads it back", async () => {
    const request = fixture('request');
    const answer = await req(request.path as string, asAlice(request.form as Record<string, string>));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual(fixture('answer'));
    const row = await blogRow('alice');
    expect([row.twitter_send_posts, row.facebook_opengraph_send_posts]).toEqual([0, 1]);
    expect((await builderChannels())[0]).toMatchObject({ name: 'alice', twitter_send_posts: false, facebook_opengraph_send_posts: true });
  });

  it('finds the blog by uuid too', async () => {
    const uuid = (await blogRow('alice-sketches')).uuid as string;
    const fields = {
      tumblelog_name_or_id: uuid,
      page: 'blog',
      'tumblelog[facebook_opengraph_send_posts]': 'off',
      'tumblelog[twitter_send_posts]': 'on',
    };
    expect((await req('/settings/save', asAlice(fields))).json?.response).toEqual({
      tumblelog: 'alice-sketches',
      twitter_send_posts: true,
      facebook_opengraph_send_posts: false,
    });
  });

  it('refuses what it cannot store, and nothing changes', async () => {
    const good = {
      tumblelog_name_or_id: 'alice',
      page: 'blog',
      'tumblelog[facebook_opengraph_send_posts]': 'on',
      'tumblelog[twitter_send_posts]': 'on',
    };
    const before = await blogRow('alice');
    for (const [what, fields, status] of [
      ['no blog', { ...good, tumblelog_name_or_id: '' }, 400],
      ['an unknown page', { ...good, page: 'dashboard' }, 400],
      ['a flag that is not on/off', { ...good, 'tumblelog[twitter_send_posts]': '1' }, 400],
      ['an unknown blog', { ...good, tumblelog_name_or_id: 'nobody-here' }, 404],
      ["someone else's blog", { ...good, tumblelog_name_or_id: 'bob' }, 403],
    ] as const) {
      expect((await req('/settings/save', asAlice(fields))).status, what).toBe(status);
    }
    const missing: Record<string, string> = { ...good };
    delete missing['tumblelog[facebook_opengraph_send_posts]'];
    expect((await req('/settings/save', asAlice(missing))).status).toBe(400);
    expect(await blogRow('alice')).toEqual(before);
  });

  it('401 logged out, 403 without the form key', async () => {
    const fields = {
      tumblelog_name_or_id: 'bob',
      page: 'blog',
      'tumblelog[facebook_opengraph_send_posts]': 'on',
      'tumblelog[twitter_send_posts]': 'on',
    };
    expect((await req('/settings/save', asUser('anonymous', keyOf('anonymous'), form(fields)))).status).toBe(401);
    expect((await req('/settings/save', { ...form(fields), cookie: 'tl_session=bob' })).status).toBe(403);
    expect((await req('/settings/save', asUser('bob', keyOf('bob'), form(fields)))).status).toBe(200);
  });
});
