/** The demo's own controls (routes/demo.ts): injected faults, and the reset to the seed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { form, useTestServer, type Answer } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });

const addFault = (body: unknown) =>
  req('/__demo/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('faults', () => {
  it('add fault', async () => {
    expect((await addFault({ path: '/svc/tumblelog_popover/bob', status: 500, count: 2 })).status).toBe(201);
  });

  let f1: Answer;
  it('fault 500 ×2 then OK', async () => {
    f1 = await req('/svc/tumblelog_popover/bob');
    const f2 = await req('/svc/tumblelog_popover/bob');
    const f3 = await req('/svc/tumblelog_popover/bob');
    expect([f1.status, f2.status, f3.status]).toEqual([500, 500, 200]);
  });

  it('fault uses error envelope', () => {
    expect(f1.json?.meta?.status).toBe(500);
    expect(Array.isArray(f1.json?.errors)).toBe(true);
  });

  it('malformed fault', async () => {
    await addFault({ path: '/svc/tumblelog_popover/*', status: 'malformed', count: 1 });
    const mal = await req('/svc/tumblelog_popover/carol');
    expect(mal.status, mal.text).toBe(200);
    expect(mal.text).toBe('{"meta":');
    expect(mal.headers.get('content-type') ?? '', mal.text).toContain('application/json');
  });

  it('fault applies before the form key check', async () => {
    await addFault({ path: '/svc/follow', status: 429 });
    expect((await req('/svc/follow', form({ tumblelog: 'bob' }))).status).toBe(429);
  });

  it('timeout fault → 504 after hold', async () => {
    await addFault({ path: '/svc/tumblelog_popover/bob', status: 'timeout', hold_ms: 30 });
    expect((await req('/svc/tumblelog_popover/bob')).status).toBe(504);
  });

  it('slow fault → the real answer after the hold, or at once when released', async () => {
    await addFault({ path: '/svc/tumblelog_popover/bob', status: 'slow', hold_ms: 30 });
    const held = await req('/svc/tumblelog_popover/bob');
    expect([held.status, held.headers.get('x-demo-fault')]).toEqual([200, 'slow']);
    expect(held.json?.response).toBeDefined();
    await addFault({ path: '/svc/tumblelog_popover/bob', status: 'slow', hold_ms: 600_000 });
    const answer = req('/svc/tumblelog_popover/bob');
    let released = 0;
    while (released === 0) released = (await req('/__demo/faults/release', { method: 'POST' })).json?.released as number;
    expect((await answer).status).toBe(200);
  });

  it('bad fault spec → 400', async () => {
    expect((await addFault({ path: 'svc', status: 200 })).status).toBe(400);
  });
});

describe('reset', () => {
  beforeAll(async () => {
    // Something to undo: a follow, an unfollow and a pending fault.
    expect((await req('/svc/follow', form({ tumblelog: 'sea-glass', form_key: keyOf('alice') }))).status).toBe(200);
    expect((await req('/svc/unfollow', form({ tumblelog: 'bob', form_key: keyOf('alice') }))).status).toBe(200);
    await addFault({ path: '/svc/tumblelog_popover/bob', status: 500, count: 5 });
  });

  it('reset', async () => {
    const reset = await req('/__demo/reset', { method: 'POST' });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json?.seeded?.posts, JSON.stringify(reset.json)).toBeGreaterThanOrEqual(600);
  });

  it('reset clears faults', async () => {
    expect((await req('/svc/tumblelog_popover/bob')).status).toBe(200);
  });

  it('reset restores follows', async () => {
    const afterReset = (await req('/__demo/follows?blog=alice')).json?.rows as { followed_blog: string; subscribed: number }[];
    expect(afterReset.length).toBe(15);
    expect(afterReset.map((r) => r.followed_blog)).not.toContain('sea-glass');
    expect(afterReset.some((r) => r.followed_blog === 'bob' && r.subscribed === 1)).toBe(true);
  });

  it('reset keeps the form key valid', async () => {
    expect((await req('/svc/follow', form({ tumblelog: 'sea-glass', form_key: keyOf('alice') }))).status).toBe(200);
  });
});
