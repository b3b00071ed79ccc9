/** The blog card's services (routes/blogs.ts): the popover and a blog's highlighted posts. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Answer, type Json } from '../app.test-helpers';

const { req } = useTestServer();

describe('blog card', () => {
  let pop: Answer;
  let p: Json | undefined;

  beforeAll(async () => {
    pop = await req('/svc/tumblelog_popover/bob?is_tumblelog_popover=true');
    p = pop.json?.response;
  });

  it('popover envelope', () => {
    expect(pop.status).toBe(200);
    expect(pop.json?.meta?.status).toBe(200);
    expect(pop.json?.meta?.msg).toBe('OK');
  });

  it('popover following as alice', () => {
    expect(p?.following, JSON.stringify(p)).toBe(true);
    expect(p?.is_subscribed, JSON.stringify(p)).toBe(true);
    expect(p?.can_subscribe, JSON.stringify(p)).toBe(true);
  });

  it('popover url from origin', () => {
    expect(p?.url).toBe('http://localhost/blog/bob');
  });

  it('popover highlighted posts', () => {
    expect(Array.isArray(p?.highlighted_posts)).toBe(true);
    expect(p?.highlighted_posts.length).toBe(6);
    expect(p?.highlighted_posts[0].thumbnail_url).toMatch(/^\/assets\/post\//);
  });

  it('popover asks', () => {
    expect(p?.asks).toBe(true);
    expect(p?.anonymous_asks).toBe(true);
    expect(p?.can_receive_messages).toBe(true);
  });

  it('popover logged out: following false', async () => {
    const anonPop = await req('/svc/tumblelog_popover/bob', { cookie: 'tl_session=anonymous' });
    expect(anonPop.json?.response?.following).toBe(false);
  });

  it('unknown blog 404 envelope', async () => {
    const missing = await req('/svc/tumblelog_popover/nobody-here');
    expect(missing.status).toBe(404);
    expect(missing.json?.meta?.status).toBe(404);
    expect(Array.isArray(missing.json?.errors)).toBe(true);
  });

  it('highlighted (1 post blog)', async () => {
    const hl = await req('/svc/quiet-corner/posts/highlighted');
    expect(hl.status).toBe(200);
    expect(hl.json?.response?.highlighted_posts?.length).toBe(1);
  });
});
