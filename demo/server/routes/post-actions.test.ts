/**
 * Post actions (routes/post-actions.ts): like and unlike (in the drawer and on the dashboard's own
 * Like buttons), fast reblog, queue and publish, reply, promote, delete.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, form, useTestServer, type Json } from '../app.test-helpers';

const { req, keyOf, db } = useTestServer({ formKeysOf: ['alice', 'bob'] });
/** A post of long-archive's (not alice's), as the drawer lists it. */
let firstPost: Json | undefined;

beforeAll(async () => {
  firstPost = (await req('/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&limit=10&offset=0')).json?.response?.posts?.[3];
});

/** firstPost as the drawer lists it now. */
const firstPostNow = async () =>
  (await req(`/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=1`)).json?.response?.posts?.[0];

describe('like and unlike', () => {
  let likeForm: Record<string, string>;
  beforeAll(() => {
    likeForm = { id: String(firstPost?.id), key: String(firstPost?.reblog_key), source: 'indash_blog', form_key: keyOf('alice') };
  });

  it('like: stored, seen as liked, one more note', async () => {
    const liked = await req('/svc/like', form(likeForm));
    const afterLike = await firstPostNow();
    const why = JSON.stringify(liked.json);
    expect(liked.status, why).toBe(200);
    expect(afterLike?.liked, why).toBe(true);
    expect(afterLike?.note_count, why).toBe(firstPost?.note_count + 1);
  });

  it('like: a wrong key is a 404, no form key a 403', async () => {
    expect((await req('/svc/like', form({ ...likeForm, key: 'nope' }))).status).toBe(404);
    expect((await req('/svc/like', form({ id: likeForm.id!, key: likeForm.key! }))).status).toBe(403);
  });

  it('like: own posts cannot be liked', async () => {
    const ownPost = (await req('/svc/indash_blog/posts?tumblelog_name_or_id=alice&limit=1')).json?.response?.posts?.[0];
    expect(ownPost?.is_mine).toBe(true);
    expect((await req('/svc/like', form({ id: ownPost.id, key: ownPost.reblog_key, form_key: keyOf('alice') }))).status).toBe(400);
  });

  it('unlike', async () => {
    const unliked = await req('/svc/unlike', form(likeForm));
    expect(unliked.status).toBe(200);
    expect((await firstPostNow())?.liked).toBe(false);
  });
});

describe("the dashboard's Like buttons", () => {
  /** Each post on the dashboard: its HTML, its id, its blog. */
  let likeMarks: (readonly [string, string | undefined, string | undefined])[];
  let others: typeof likeMarks;
  beforeAll(async () => {
    likeMarks = (await req('/dashboard')).text
      .split('<li class="post_container"')
      .slice(1)
      .map((chunk) => [chunk, chunk.match(/^ id="post_(\d+)"/)?.[1], chunk.match(/data-blog-name="([a-z0-9-]+)"/)?.[1]] as const);
    others = likeMarks.filter((m) => !['alice', 'alice-sketches'].includes(m[2]!));
  });

  it("dashboard Like buttons on others' posts, Delete on own posts, each with a data-post mark", () => {
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((m) => !m[0].includes('data-post-action="like"')).map((m) => m[1])).toEqual([]);
    const own = likeMarks.filter((m) => ['alice', 'alice-sketches'].includes(m[2]!));
    expect(
      own.filter((m) => m[0].includes('data-post-action="like"') || !m[0].includes('data-post-action="delete"')).map((m) => m[1]),
    ).toEqual([]);
  });

  it('dashboard Like button: pressed after a like, after a reload', async () => {
    const dashLike = others[0] ? decode(others[0][0].match(/data-post="([^"]+)"/)?.[1] ?? '') : '';
    const dashMark = dashLike ? (JSON.parse(dashLike) as Json) : null;
    const likeForm = { id: String(dashMark?.id), key: String(dashMark?.reblog_key), source: 'dashboard', form_key: keyOf('alice') };
    await req('/svc/like', form(likeForm));
    const pressed = new RegExp(`id="post_${dashMark?.id}"[\\s\\S]*?data-post-action="like"[^>]*aria-pressed="true"`);
    expect((await req('/dashboard')).text).toMatch(pressed);
    await req('/svc/unlike', form(likeForm));
  });
});

describe('reblog, queue, publish, reply, promote, delete', () => {
  let newId: string;

  it('fast reblog: a new post on alice, the source reblogged', async () => {
    const reblog = await req(
      '/fast_reblog',
      form({ reblog_key: String(firstPost?.reblog_key), reblog_post_id: String(firstPost?.id), form_key: keyOf('alice') }),
    );
    newId = String(reblog.json?.response?.post_id);
    const why = JSON.stringify(reblog.json);
    expect(reblog.status, why).toBe(200);
    expect(reblog.json?.response?.post_tumblelog?.name_or_id, why).toBe('alice');
    expect((await firstPostNow())?.reblogged, why).toBe(true);
  });

  it("queue and publish own posts; not someone else's", async () => {
    expect((await req('/queue', form({ id: newId, form_key: keyOf('alice') }))).json?.response?.state).toBe('queued');
    expect((await req('/publish', form({ id: newId, form_key: keyOf('alice') }))).json?.response?.state).toBe('published');
    expect((await req('/publish', form({ id: String(firstPost?.id), form_key: keyOf('alice') }))).status).toBe(403);
  });

  it('reply', async () => {
    const reply = await req(
      '/svc/reply',
      form({ post_id: String(firstPost?.id), reply_text: 'Lovely.', tumblelog: 'long-archive', form_key: keyOf('alice') }),
    );
    expect(reply.status).toBe(200);
  });

  it('reply: refused by a blog that blocked you, and nothing stored', async () => {
    const blog = 'long-archive'; // firstPost's blog
    const replies = () => (db().prepare('SELECT COUNT(*) AS n FROM replies WHERE post_id = ?').get(firstPost?.id) as { n: number }).n;
    const before = replies();
    db().prepare('INSERT INTO blocks (blocker_blog, blocked_blog, block_context, created_ts) VALUES (?, ?, NULL, 0)').run(blog, 'alice');
    try {
      const reply = await req('/svc/reply', form({ post_id: String(firstPost?.id), reply_text: 'Hello?', form_key: keyOf('alice') }));
      expect(reply.status).toBe(403);
      expect(reply.json?.errors?.[0]?.detail).toBe(`${blog} has blocked you.`);
      expect(replies()).toBe(before);
    } finally {
      db().prepare('DELETE FROM blocks WHERE blocker_blog = ? AND blocked_blog = ?').run(blog, 'alice');
    }
  });

  it('promote and unpromote', async () => {
    const promo = await req('/svc/promote', form({ post_id: newId, tag: 'archive', form_key: keyOf('alice') }));
    expect(promo.status).toBe(200);
    const unpromo = await req(
      '/svc/unpromote',
      form({ post_id: newId, tag_id: String(promo.json?.response?.tag_id), form_key: keyOf('alice') }),
    );
    expect(unpromo.json?.response?.removed).toBe(true);
  });

  it('remove_app_attribution: only the post’s own blogger, only a post that names an app; gone after', async () => {
    const withApp = (
      db().prepare("SELECT id, options FROM posts WHERE json_extract(options, '$.app_attribution') IS NOT NULL").all() as {
        id: number;
        options: string;
      }[]
    )[0];
    expect(withApp, 'the seed gives one post an app').toBeDefined();
    const id = String(withApp!.id);
    expect((await req('/remove_app_attribution', form({ post_id: id, tumblelog_id: 'alice', form_key: keyOf('bob') }))).status).toBe(403);
    expect((await req('/remove_app_attribution', form({ post_id: id, tumblelog_id: 'bob', form_key: keyOf('alice') }))).status).toBe(400);
    const removed = await req('/remove_app_attribution', form({ post_id: id, tumblelog_id: 'alice', form_key: keyOf('alice') }));
    expect(removed.json?.response?.removed, removed.text).toBe(true);
    expect(
      JSON.parse((db().prepare('SELECT options FROM posts WHERE id = ?').get(Number(id)) as { options: string }).options),
    ).not.toHaveProperty('app_attribution');
    expect((await req('/remove_app_attribution', form({ post_id: id, tumblelog_id: 'alice', form_key: keyOf('alice') }))).status).toBe(404);
  });

  it('delete own post', async () => {
    expect((await req('/svc/post/delete', form({ post_id: newId, form_key: keyOf('alice') }))).json?.response?.deleted).toBe(true);
    expect((await req('/svc/post/delete', form({ post_id: newId, form_key: keyOf('alice') }))).status).toBe(404);
  });
});
