/** Sharing (routes/share.ts): the share popover's data, and shares by e-mail and to other networks. */
import { beforeAll, describe, expect, it } from 'vitest';
import { form, useTestServer, type Answer, type Json } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });
/** A form POST as alice, with her form key. */
const aliceForm = (fields: Record<string, string>) => form({ ...fields, form_key: keyOf('alice') });
let bobPostId: string;
let alicePostId: string;

beforeAll(async () => {
  bobPostId = String((await req('/__demo/state?table=posts&blog_name=bob')).json?.rows?.[0]?.id);
  alicePostId = String((await req('/__demo/state?table=posts&blog_name=alice&state=published&limit=1')).json?.rows?.[0]?.id);
});

describe('sharing', () => {
  describe('share data', () => {
    let shareData: Answer;
    let shared: Json | undefined;
    beforeAll(async () => {
      shareData = await req(`/svc/post/share/bob/${bobPostId}`);
      shared = shareData.json?.response?.share_popover_data;
    });

    it('share data: unwrapped fields for a post', () => {
      const why = shareData.text.slice(0, 200);
      expect(shareData.status, why).toBe(200);
      expect(shared?.post_id, why).toBe(bobPostId);
      expect(shared?.tumblelog_name, why).toBe('bob');
      expect(shared?.post_url, why).toBeTypeOf('string');
      expect(shared?.show_email, why).toBe(true);
    });

    it('share data: alice has linked accounts, bob none', async () => {
      expect(shared?.twitter_username).toBe('alice_tl');
      const asBob = await req(`/svc/post/share/bob/${bobPostId}`, { cookie: 'tl_session=bob' });
      expect(asBob.json?.response?.share_popover_data?.twitter_username).toBe('');
    });

    it('share data: a published post is not private', async () => {
      expect((await req(`/svc/post/share/alice/${alicePostId}`)).json?.response?.share_popover_data?.is_private).toBe(false);
    });

    it('share data: a blog share (post id `blog`) offers e-mail and the permalink, by /svc/email_tumblelog', async () => {
      const blog = (await req('/svc/post/share/bob/blog')).json?.response?.share_popover_data;
      expect(blog).toMatchObject({ post_id: 'blog', tumblelog_name: 'bob', tumblelog_share: true, show_email: true, show_permalink: true });
      expect(String(blog?.post_url)).toMatch(/\/blog\/bob$/);
      expect([blog?.show_twitter, blog?.show_facebook, blog?.show_pinterest, blog?.show_reddit, blog?.show_embed]).toEqual([
        false,
        false,
        false,
        false,
        false,
      ]);
      expect((await req('/svc/post/share/no-such-blog/blog')).status).toBe(404);
    });

    it('share data: a post of another blog → 404', async () => {
      expect((await req(`/svc/post/share/alice/${bobPostId}`)).status).toBe(404);
    });
  });

  describe('shares', () => {
    it('share by e-mail: recorded', async () => {
      const emailed = await req(
        '/svc/share/email',
        aliceForm({
          email_address: 'friend@example.com',
          message: 'Look',
          post_id: bobPostId,
          tumblelog_name: 'bob',
          allow_reply_to: 'true',
        }),
      );
      const recorded = ((await req(`/__demo/state?table=shares&post_id=${bobPostId}`)).json?.rows ?? []) as Json[];
      const why = JSON.stringify(recorded);
      expect(emailed.status, why).toBe(200);
      expect(
        recorded.some((r) => r.network === 'email' && r.email_address === 'friend@example.com' && r.allow_reply_to === 1),
        why,
      ).toBe(true);
    });

    it('share by e-mail: a bad address → 400', async () => {
      expect((await req('/svc/share/email', aliceForm({ email_address: 'nope', post_id: bobPostId, tumblelog_name: 'bob' }))).status).toBe(
        400,
      );
    });

    it('share by e-mail: no form key → 403', async () => {
      expect((await req('/svc/share/email', form({ email_address: 'a@b.co', post_id: bobPostId, tumblelog_name: 'bob' }))).status).toBe(
        403,
      );
    });

    it('a blog share by e-mail: recorded as blog-email, without a post', async () => {
      const fields = {
        email_address: 'pal@example.com',
        message: 'Follow bob',
        post_id: 'blog',
        tumblelog_name: 'bob',
        allow_reply_to: 'true',
      };
      expect((await req('/svc/email_tumblelog', aliceForm(fields))).status).toBe(200);
      const recorded = ((await req('/__demo/state?table=shares&network=blog-email')).json?.rows ?? []) as Json[];
      expect(recorded.find((r) => r.email_address === 'pal@example.com')).toMatchObject({
        blog_name: 'bob',
        post_id: null,
        message: 'Follow bob',
        user_name: 'alice',
        allow_reply_to: 1,
      });
    });

    it('a blog share by e-mail: a bad address or an unknown blog is refused, nothing stored', async () => {
      const count = async () => ((await req('/__demo/state?table=shares&network=blog-email')).json?.rows ?? []).length;
      const before = await count();
      expect((await req('/svc/email_tumblelog', aliceForm({ email_address: 'nope', tumblelog_name: 'bob' }))).status).toBe(400);
      expect((await req('/svc/email_tumblelog', aliceForm({ email_address: 'a@b.co', tumblelog_name: 'no-such-blog' }))).status).toBe(404);
      expect(
        (await req('/svc/email_tumblelog', aliceForm({ email_address: 'a@b.co', message: 'x'.repeat(256), tumblelog_name: 'bob' }))).status,
      ).toBe(400);
      expect((await req('/svc/email_tumblelog', form({ email_address: 'a@b.co', tumblelog_name: 'bob' }))).status).toBe(403);
      expect(await count()).toBe(before);
    });

    it('share to twitter: a linked account, [URL] counts 24', async () => {
      expect(
        (await req('/svc/share/twitter', aliceForm({ post_id: bobPostId, tumblelog_name: 'bob', message: 'Nice [URL]' }))).status,
      ).toBe(200);
    });

    it('share to twitter: an empty message → 400', async () => {
      expect((await req('/svc/share/twitter', aliceForm({ post_id: bobPostId, tumblelog_name: 'bob', message: '' }))).status).toBe(400);
    });

    it('share to reddit: a popup share is recorded as a fallback', async () => {
      expect(
        (await req('/svc/share/reddit', aliceForm({ post_id: bobPostId, tumblelog_name: 'bob', share_fallback: 'true' }))).status,
      ).toBe(200);
    });

    it('facebook_status: alice is linked', async () => {
      expect((await req('/svc/facebook_status', aliceForm({}))).json?.response?.name).toBe('Alice Liddell');
    });
  });
});
