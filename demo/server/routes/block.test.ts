/** Blocking and unblocking (routes/block.ts). */
import { describe, expect, it } from 'vitest';
import { form, useTestServer } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });

describe('block', () => {
  it('block', async () => {
    const block = await req('/svc/block/add', form({ tumblelog: 'alice', blocked_tumblelog: 'bob', form_key: keyOf('alice') }));
    expect(block.status, block.text).toBe(200);
    expect(block.json?.response?.blocked, block.text).toBe(true);
  });

  it('block removes follows both ways', async () => {
    const rows = (await req('/__demo/state?table=follows')).json?.rows as { follower_blog: string; followed_blog: string }[];
    const between = rows.filter(
      (r) => (r.follower_blog === 'alice' && r.followed_blog === 'bob') || (r.follower_blog === 'bob' && r.followed_blog === 'alice'),
    );
    expect(between).toEqual([]);
  });

  it('cannot follow a blocked blog', async () => {
    expect((await req('/svc/follow', form({ tumblelog: 'bob', form_key: keyOf('alice') }))).status).toBe(403);
  });

  it('unblock', async () => {
    const unblock = await req('/svc/block/remove', form({ tumblelog: 'alice', blocked_tumblelog: 'bob', form_key: keyOf('alice') }));
    expect(unblock.json?.response?.blocked).toBe(false);
  });

  it('cannot block own blog', async () => {
    expect((await req('/svc/block/add', form({ blocked_tumblelog: 'alice-sketches', form_key: keyOf('alice') }))).status).toBe(400);
  });
});
