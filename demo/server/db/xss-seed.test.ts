/** The xss seed mode (db/xss-seed.ts): reset with { "seed": "xss" }, DEMO_SEED (createApp's `seed`), and what it writes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { form, useTestServer } from '../app.test-helpers';
import { seedModeOf, xssPayloads, XSS_POST_TYPES } from './xss-seed';

const vectors = (
  JSON.parse(readFileSync(join(__dirname, '../../../tests/fixtures/xss/dompurify-vectors.json'), 'utf8')) as { payload: string }[]
).map((v) => v.payload);
const N = vectors.length;

const { req, db, keyOf } = useTestServer({ formKeysOf: ['alice'] });
const reset = (body?: unknown) =>
  req('/__demo/reset', {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
const count = (sql: string, ...args: unknown[]) =>
  (
    db()
      .prepare(sql)
      .get(...args) as { n: number }
  ).n;
const gif = (q: string) => req('/svc/search/inline_gif', form({ q, form_key: keyOf('alice') }));

describe('the xss seed mode', () => {
  beforeAll(async () => {
    const answer = await reset({ seed: 'xss' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json?.seed).toBe('xss');
  });

  it('reads every published vector, in order', () => {
    expect(N).toBeGreaterThan(100);
    expect(xssPayloads()).toEqual(vectors);
    expect(seedModeOf(db())).toBe('xss');
  });

  it('a blog xss-<i> per vector: title, description and tags are the payload; asks on, can receive messages; alice follows it', () => {
    const blogs = db().prepare("SELECT * FROM blogs WHERE name LIKE 'xss-%' AND name != 'xss-lab'").all() as Record<string, unknown>[];
    expect(blogs).toHaveLength(N);
    vectors.forEach((p, i) => {
      const blog = blogs.find((b) => b.name === `xss-${i}`)!;
      expect([blog.title, blog.description_sanitized, JSON.parse(String(blog.tags))[0]]).toEqual([p, p, p]);
      expect([blog.asks, blog.can_receive_messages]).toEqual([1, 1]);
    });
    expect(
      count(
        "SELECT COUNT(*) AS n FROM follows WHERE follower_blog = 'alice' AND followed_blog LIKE 'xss-%' AND followed_blog != 'xss-lab'",
      ),
    ).toBe(N);
  });

  it('a post per vector, the types in turn, with every text field, the summary and a tag holding the payload', () => {
    const posts = db()
      .prepare("SELECT * FROM posts WHERE blog_name LIKE 'xss-%' AND blog_name != 'xss-lab' AND reblog_of IS NULL ORDER BY timestamp DESC")
      .all() as { blog_name: string; type: string; summary: string; tags: string; content: string }[];
    expect(posts).toHaveLength(N);
    posts.forEach((post, i) => {
      const p = vectors[i]!;
      expect(post.blog_name).toBe(`xss-${i}`);
      expect(post.type).toBe(XSS_POST_TYPES[i % XSS_POST_TYPES.length]);
      expect(post.summary).toBe(p);
      expect(JSON.parse(post.tags)).toContain(p);
      const content = JSON.parse(post.content) as Record<string, unknown>;
      const fields: Record<string, string[]> = {
        text: ['title', 'body'],
        photo: ['caption'],
        quote: ['text', 'source'],
        link: ['title', 'description', 'excerpt', 'author'],
        chat: ['title'],
        audio: ['caption', 'track_name', 'artist', 'album'],
        video: ['caption'],
        answer: ['question', 'answer'],
      };
      for (const field of fields[post.type]!) expect(content[field], `${post.type}.${field}`).toBe(p);
      if (post.type === 'chat')
        expect(content.dialogue).toEqual([
          { name: p, label: p, phrase: p },
          { name: 'me', label: 'me:', phrase: p },
        ]);
      if (post.type === 'photo') expect(content.photos).toMatchObject([{ alt: p, caption: p }]);
    });
  });

  it('reblog trees: each xss blog reblogs the next with its payload as the comment; alice has a draft reblog of each', () => {
    const rows = db()
      .prepare(
        `SELECT r.blog_name, r.state, r.content, s.blog_name AS source FROM posts r JOIN posts s ON s.id = r.reblog_of
        WHERE s.blog_name LIKE 'xss-%' AND s.blog_name != 'xss-lab'`,
      )
      .all() as { blog_name: string; state: string; content: string; source: string }[];
    vectors.forEach((p, i) => {
      const reblog = rows.find((r) => r.blog_name === `xss-${i}`)!;
      expect(reblog.source).toBe(`xss-${(i + 1) % N}`);
      expect(JSON.parse(reblog.content)).toMatchObject({ comment: p, reblogged_from: `xss-${(i + 1) % N}` });
      const draft = rows.find((r) => r.blog_name === 'alice' && r.source === `xss-${i}`)!;
      expect(draft.state).toBe('draft');
      expect(JSON.parse(draft.content)).toMatchObject({ comment: p });
    });
  });

  it('the conversation with xss-0 holds every payload and a sent post of each type; every other xss blog ends a conversation on its payload', () => {
    const texts = db().prepare("SELECT text FROM messages WHERE conversation_id = 'alice-xss-0' AND type = 'TEXT' ORDER BY ts").all() as {
      text: string;
    }[];
    expect(texts.map((m) => m.text)).toEqual(vectors);
    const sent = db()
      .prepare(
        "SELECT p.type FROM messages m JOIN posts p ON p.id = m.post_id WHERE m.conversation_id = 'alice-xss-0' AND m.type = 'POSTREF'",
      )
      .all() as { type: string }[];
    expect(sent.map((s) => s.type).sort()).toEqual([...XSS_POST_TYPES].sort());
    for (let i = 1; i < N; i++) {
      expect((db().prepare('SELECT text FROM messages WHERE conversation_id = ?').get(`alice-xss-${i}`) as { text: string }).text).toBe(
        vectors[i],
      );
    }
  });

  it("alice's activity (as the popover gets it) carries every payload: in its text fields, or as the summary of its post", async () => {
    const seen = new Set<string>();
    for (const blog of ['alice', 'alice-sketches']) {
      const answer = await req(`/svc/data/tumblelog?tumblelog=${blog}&include_activity_notifications=true`);
      expect(answer.status, answer.text).toBe(200);
      const notes = answer.json!.response.activity_notifications as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(notes).toHaveLength(50);
      for (const note of notes) {
        expect(note.from_tumblelog.name).toMatch(/^xss-\d+$/);
        const p = vectors[Number(note.from_tumblelog.name.slice(4))]!;
        expect([note.message, note.note_meta.reply_text, note.note_meta.answer_text, note.note_meta.question]).toEqual([p, p, p, p]);
        seen.add(p).add(note.post.summary);
      }
    }
    expect(vectors.filter((p) => !seen.has(p))).toEqual([]);
  });

  it("alice's asks inbox has every payload as a question", () => {
    const asks = db().prepare("SELECT question FROM asks WHERE recipient = 'alice' ORDER BY created_ts DESC").all() as {
      question: string;
    }[];
    expect(asks.map((a) => a.question)).toEqual(vectors);
  });

  it('the blog card call answers an xss blog with its payload', async () => {
    const answer = await req('/svc/tumblelog_popover/xss-3?is_tumblelog_popover=true');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain(JSON.stringify(vectors[3]).slice(1, -1));
  });

  it('GIF search: xss-<i> answers with vector i as the message header and body, with results', async () => {
    for (const i of [0, 7, N - 1]) {
      const answer = await gif(`xss-${i}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json!.response.message).toEqual({ header: vectors[i], body: vectors[i] });
      expect(answer.json!.response.media.length).toBeGreaterThan(0);
    }
    expect((await gif(`xss-${N}`)).json!.response.message).toBeUndefined();
  });

  it('GIF search: a query named like a property of Object ("constructor", "__proto__") is a plain search', async () => {
    for (const q of ['constructor', '__proto__', 'toString']) {
      const answer = await gif(q);
      expect(answer.status, q).toBe(200);
      expect((answer.json?.response as { message?: unknown } | undefined)?.message, q).toBeUndefined();
    }
  });

  it('a reset with no body goes back to the default seed (no xss blogs, no xss GIF messages)', async () => {
    const answer = await reset();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json?.seed).toBe('default');
    expect(seedModeOf(db())).toBe('default');
    expect(count("SELECT COUNT(*) AS n FROM blogs WHERE name LIKE 'xss-%' AND name != 'xss-lab'")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM conversations WHERE id LIKE 'alice-xss-%'")).toBe(0);
    expect((await gif('xss-0')).json!.response.message).toBeUndefined();
  });

  it('an unknown seed or a body that is not JSON → 400, and nothing is reset', async () => {
    await reset({ seed: 'xss' });
    expect((await reset({ seed: 'evil' })).status).toBe(400);
    expect((await req('/__demo/reset', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })).status).toBe(400);
    expect(seedModeOf(db())).toBe('xss');
    expect((await reset({ seed: 'default' })).json?.seed).toBe('default');
  });
});

describe('DEMO_SEED=xss (createApp({ seed }))', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tumblelog-xss-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds a new database in xss mode, resets to it without a body, and re-seeds a database of the other mode on open', async () => {
    const xss = createApp({ dataDir, seed: 'xss' });
    try {
      expect(seedModeOf(xss.db)).toBe('xss');
      const answer = await xss.app.request('/__demo/reset', { method: 'POST' });
      expect(((await answer.json()) as { seed: string }).seed).toBe('xss');
      expect((xss.db.prepare("SELECT COUNT(*) AS n FROM blogs WHERE name = 'xss-0'").get() as { n: number }).n).toBe(1);
    } finally {
      xss.close();
    }
    const plain = createApp({ dataDir });
    try {
      expect(seedModeOf(plain.db)).toBe('default');
      expect((plain.db.prepare("SELECT COUNT(*) AS n FROM blogs WHERE name = 'xss-0'").get() as { n: number }).n).toBe(0);
    } finally {
      plain.close();
    }
  });
});
