/** Follow, unfollow, subscribe and unsubscribe (routes/follow.ts), with the form key in each place it may be. */
import { beforeAll, describe, expect, it } from 'vitest';
import { form, useTestServer } from '../app.test-helpers';

const { req, formKey, keyOf } = useTestServer({ formKeysOf: ['alice'] });
let anonKey: string;

beforeAll(async () => {
  anonKey = await formKey('anonymous');
});

describe('follow round trip', () => {
  it('follow (header key)', async () => {
    const follow = await req('/svc/follow', {
      ...form({ tumblelog: 'slow-cinema', source: 'blog_card' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Tumblr-Form-Key': keyOf('alice') },
    });
    expect(follow.status, follow.text).toBe(200);
    expect(follow.json?.response?.following, follow.text).toBe(true);
    expect(follow.json?.response?.tumblelog, follow.text).toBe('slow-cinema');
  });

  it('follow persisted', async () => {
    const rows = (await req('/__demo/follows?blog=alice')).json?.rows as { followed_blog: string }[];
    expect(rows.map((r) => r.followed_blog)).toContain('slow-cinema');
  });

  it('subscribe (body key)', async () => {
    const sub = await req('/svc/blog/slow-cinema/subscription', form({ form_key: keyOf('alice') }));
    expect(sub.status, sub.text).toBe(200);
    expect(sub.json?.response?.is_subscribed, sub.text).toBe(true);
  });

  it('unfollow (JSON body key)', async () => {
    const unfollow = await req('/svc/unfollow', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tumblelog: 'slow-cinema', form_key: keyOf('alice') }),
    });
    expect(unfollow.status, unfollow.text).toBe(200);
    expect(unfollow.json?.response?.following, unfollow.text).toBe(false);
  });

  it('unfollow persisted (and subscription gone)', async () => {
    const state = (await req('/__demo/state?table=follows&follower_blog=alice&followed_blog=slow-cinema')).json;
    expect(state?.count, JSON.stringify(state)).toBe(0);
  });

  it('subscribe without following → 409', async () => {
    expect((await req('/svc/blog/slow-cinema/subscription', form({ form_key: keyOf('alice') }))).status).toBe(409);
  });

  it('follow (multipart key)', async () => {
    const mp = new FormData();
    mp.set('tumblelog', 'sea-glass');
    mp.set('form_key', keyOf('alice'));
    const multipart = await req('/svc/follow', { method: 'POST', body: mp });
    expect(multipart.status, multipart.text).toBe(200);
    expect(multipart.json?.response?.following, multipart.text).toBe(true);
  });

  it('follow yourself → 400', async () => {
    expect((await req('/svc/follow', form({ tumblelog: 'alice', form_key: keyOf('alice') }))).status).toBe(400);
  });

  it('follow unknown → 404', async () => {
    expect((await req('/svc/follow', form({ tumblelog: 'nobody-here', form_key: keyOf('alice') }))).status).toBe(404);
  });

  it('follow logged out → 401', async () => {
    expect((await req('/svc/follow', { ...form({ tumblelog: 'bob', form_key: anonKey }), cookie: 'tl_session=anonymous' })).status).toBe(
      401,
    );
  });

  it('unsubscribe (DELETE)', async () => {
    const unsub = await req('/svc/blog/bob/subscription', { method: 'DELETE', headers: { 'X-Tumblr-Form-Key': keyOf('alice') } });
    expect(unsub.status, unsub.text).toBe(200);
    expect(unsub.json?.response?.is_subscribed, unsub.text).toBe(false);
  });
});
