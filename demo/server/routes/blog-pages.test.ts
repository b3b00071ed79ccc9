/** A blog's small pages (routes/blog-pages.ts) and search (routes/search.ts): no element link leads to a 404. */
import { describe, expect, it } from 'vitest';
import { form, useTestServer } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });

describe('the full activity page', () => {
  it("shows the owner every notification the popover's endpoint has, grouped by day", async () => {
    const page = await req('/blog/alice/activity');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Activity for alice</h1>');
    const api = await req('/svc/data/tumblelog?tumblelog=alice&include_activity_notifications=1');
    const first = api.json?.response?.activity_notifications?.[0];
    expect(first?.from_tumblelog?.name).toBeTypeOf('string');
    expect(page.text).toContain(`data-blog-card="${first.from_tumblelog.name}"`);
    expect(page.text).toMatch(/<h2>(Today|Yesterday|\d+ days ago) <span>/);
    // alice has two blogs: a link to the other one's page
    expect(page.text).toContain('href="/blog/alice-sketches/activity"');
  });

  it("someone else's blog: 403 with a way on; logged out: log-in links", async () => {
    const other = await req('/blog/bob/activity');
    expect(other.status).toBe(403);
    expect(other.text).toContain('Only the owner of bob can see this page.');
    expect(other.text).toContain('href="/blog/alice/activity"');
    const out = await req('/blog/bob/activity', { cookie: 'tl_session=anonymous' });
    expect(out.status).toBe(200);
    expect(out.text).toContain('/blog/bob/activity?as=bob');
  });

  it('an unknown blog is the 404 page', async () => {
    expect((await req('/blog/no-such-blog/activity')).status).toBe(404);
  });
});

describe("the blog's drafts, queue and inbox", () => {
  it('show the owner what waits, each post with its page buttons and mark', async () => {
    const drafts = await req('/blog/alice/drafts');
    expect(drafts.status).toBe(200);
    expect(drafts.text).toContain('data-post-action="publish"');
    expect(drafts.text).toContain('data-post-action="queue"');
    const queue = await req('/blog/alice/queue');
    expect(queue.text).toContain('Scheduled for ');
    expect(queue.text).toContain('data-post-action="publish"');
    const inbox = await req('/blog/alice/inbox');
    expect(inbox.text).toContain('Which pen do you use for the fine lines?');
    expect(inbox.text).toMatch(/data-post-action="answer"[^>]*data-answer-field="answer-\d+"|data-answer-field="answer-\d+"/);
    expect(inbox.text).toContain('data-post-action="approve"');
    expect(inbox.text).toContain('data-queue="1"');
    expect(inbox.text).toContain('data-post-action="deny"');
    // the mark carries what the post actions need
    const mark = /data-post="([^"]+)"/.exec(inbox.text)![1]!.replace(/&quot;/g, '"');
    expect(Object.keys(JSON.parse(mark))).toEqual(expect.arrayContaining(['id', 'reblog_key', 'tumblelog']));
  });

  it("someone else's: 403; an ask sent through /svc/post/ask waits in the recipient's inbox", async () => {
    expect((await req('/blog/bob/inbox')).status).toBe(403);
    const asked = await req('/svc/post/ask', form({ recipient: 'bob', question: 'Favourite wood?', form_key: keyOf('alice') }));
    expect(asked.status).toBe(200);
    const bobInbox = await req('/blog/bob/inbox', { cookie: 'tl_session=bob' });
    expect(bobInbox.status).toBe(200);
    expect(bobInbox.text).toContain('Favourite wood?');
    expect(bobInbox.text).toContain('alice</a> asked:');
  });
});

describe('the ask page', () => {
  it("holds the blog's ask form, open", async () => {
    const page = await req('/blog/bob/ask');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<ask-form blog-name="bob" open>');
  });

  it('a blog that takes no asks says so', async () => {
    const page = await req('/blog/do-not-disturb/ask');
    expect(page.text).not.toContain('<ask-form');
    expect(page.text).toContain('do-not-disturb is not taking questions right now.');
  });
});

describe('the submission page', () => {
  const submissionsOf = async (blog: string) =>
    ((await req(`/__demo/state?table=posts&blog_name=${blog}&state=submission`)).json?.rows ?? []) as Record<string, unknown>[];

  it('a submission becomes a post in the submission state on that blog, not on its theme', async () => {
    const page = await req('/blog/bob/submit');
    expect(page.text).toContain(`name="form_key" value="${keyOf('alice')}"`);
    const sent = await req('/blog/bob/submit', form({ title: 'A birdhouse', body: 'Made from <b>scraps</b>', form_key: keyOf('alice') }));
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/blog/bob/submit?sent=1');
    const row = (await submissionsOf('bob')).find((r) => String(r.content).includes('A birdhouse'));
    expect(row?.type).toBe('text');
    expect(JSON.parse(String(row?.content))).toMatchObject({ title: 'A birdhouse', body: 'Made from <b>scraps</b>', submitter: 'alice' });
    expect((await req('/blog/bob/submit?sent=1')).text).toContain('Thanks! bob will see your submission');
    expect((await req('/blog/bob')).text).not.toContain('A birdhouse');
  });

  it('refuses a post without the form key, and keeps what was typed when the body is empty', async () => {
    const before = (await submissionsOf('bob')).length;
    expect((await req('/blog/bob/submit', form({ body: 'no key' }))).status).toBe(403);
    const empty = await req('/blog/bob/submit', form({ title: 'Only a title', body: '  ', form_key: keyOf('alice') }));
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write something to submit.');
    expect(empty.text).toContain('value="Only a title"');
    expect(await submissionsOf('bob')).toHaveLength(before);
  });

  it('a blog that takes no submissions says so; logged out, log-in links', async () => {
    const closed = await req('/blog/do-not-disturb/submit');
    expect(closed.text).toContain('do-not-disturb is not taking submissions.');
    expect(closed.text).not.toContain('<form');
    const out = await req('/blog/bob/submit', { cookie: 'tl_session=anonymous' });
    expect(out.text).toContain('/blog/bob/submit?as=alice');
    expect(out.text).not.toContain('<form');
  });
});

describe('search', () => {
  it('/search?q= goes to /search/{term}; the form alone without it', async () => {
    const go = await req('/search?q=cat%20facts');
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toBe('/search/cat%20facts');
    const empty = await req('/search');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('role="search"');
  });

  it('finds blogs by name or title and posts by summary or tag, matching % and _ literally', async () => {
    const page = await req('/search/cat');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-blog-card="cat-facts-hourly"');
    expect(page.text).toMatch(/href="http[^"]+\/post\/\d+/);
    const literal = await req('/search/%25');
    expect(literal.text).toContain('No blog matches “%”.');
  });

  it('escapes what it echoes', async () => {
    const page = await req(`/search/${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
