/**
 * The `xss` seed mode (DEMO_SEED=xss, or POST /__demo/reset with { "seed": "xss" }): laid over the
 * normal seed, it writes DOMPurify's published vectors (tests/fixtures/xss/dompurify-vectors.json)
 * into every field an element renders, as HTML or as text, so that a browser test
 * (src/core/xss-seeded.browser.test.ts) can open every element on real data and see nothing run.
 * For vector i:
 * - a blog `xss-<i>`: title, description and tags = the payload; asks on, can receive messages;
 * - its post, of the i-th type in turn, with every field the renderers read = the payload (title,
 *   body, caption, photo alt, quote and source, link title/excerpt/description/author, chat title
 *   and lines, question and answer, track/artist/album, summary, tags);
 * - a reblog of the next blog's post by `xss-<i>` whose comment is the payload (a reblog tree of two
 *   payloads), and a draft of alice's reblogging `xss-<i>`'s post with the payload as her comment (the
 *   post form's edit of a reblog);
 * - alice follows `xss-<i>` (her dashboard shows them);
 * - alice's conversation with xss-0 holds every payload as a message, and some of the xss posts as
 *   sent posts; every other `xss-<i>` has a conversation with alice whose last message is the
 *   payload (the inbox row previews);
 * - an activity notification with the payload in every text field (message, diff, reply_text,
 *   answer_text, question, quote): the newest 50 of alice, then of alice-sketches (the popover shows
 *   50 per blog); the rest of the vectors reach the popover as the summary of the post a
 *   notification is about;
 * - an ask in alice's inbox (the asks table) with the payload as the question;
 * - the GIF search query `xss-<i>` answers with the payload as the message's header and body
 *   (xssGifMessage, only while this mode is seeded).
 * The mode is recorded in the meta table (`seed_mode`).
 */
import type { Database } from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeFor } from './themes';
import { base62, rngFor } from '../lib/random';

export const SEED_MODES = ['default', 'xss'] as const;
export type SeedMode = (typeof SEED_MODES)[number];

export function isSeedMode(value: unknown): value is SeedMode {
  return typeof value === 'string' && (SEED_MODES as readonly string[]).includes(value);
}

/** The vectors the browser tests bundle too (tests/helpers/xss.ts), read from the same file. */
const VECTORS_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'tests', 'fixtures', 'xss', 'dompurify-vectors.json');

let vectorsCache: readonly string[] | null = null;
/** The payloads, in the file's order (vector i ↔ blog xss-<i>). */
export function xssPayloads(): readonly string[] {
  if (vectorsCache) return vectorsCache;
  const parsed = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as unknown;
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((v) => typeof (v as { payload?: unknown })?.payload !== 'string')) {
    throw new Error(`${VECTORS_FILE} is empty or not a list of {title, payload}`);
  }
  vectorsCache = parsed.map((v: { payload: string }) => v.payload);
  return vectorsCache;
}

export const XSS_POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'answer'] as const;
/** Sent posts in the conversation with xss-0: one of each type. */
const SENT_POSTS = XSS_POST_TYPES.length;
/** Notifications the popover shows per blog (routes/activity.ts). */
const ACTIVITY_PER_BLOG = 50;
const ACTIVITY_BLOGS = ['alice', 'alice-sketches'] as const;
const MINUTE_MS = 60_000;

export const xssBlogName = (i: number) => `xss-${i}`;

/** Every field the renderers (demo/pages/post-content.ts, the elements' post views) read for `type`, set to `p`. */
export function xssPostContent(type: (typeof XSS_POST_TYPES)[number], p: string, i: number, count: number): Record<string, unknown> {
  const thumb = `/assets/post/${i}.svg`;
  switch (type) {
    case 'text':
      return { title: p, body: p, format: 'html' };
    case 'photo':
      return { caption: p, photos: [{ url: thumb, width: 640, height: 480, alt: p, caption: p }], layout: '1' };
    case 'quote':
      return { text: p, source: p };
    case 'link':
      return { title: p, url: `https://example.com/xss-${i}`, description: p, excerpt: p, author: p, thumbnail_url: null };
    case 'chat':
      return {
        title: p,
        chat: `${p}\nme: ${p}`,
        dialogue: [
          { name: p, label: p, phrase: p },
          { name: 'me', label: 'me:', phrase: p },
        ],
      };
    case 'audio':
      return { caption: p, track_name: p, artist: p, album: p, audio_url: '', album_art: thumb, plays: 0 };
    case 'video':
      return { caption: p, video_url: '', hd_url: '', thumbnail_url: thumb, width: 640, height: 360, duration: 10 };
    case 'answer': {
      const asker = xssBlogName((i + 1) % count);
      return { question: p, asking_name: asker, asking_url: `/blog/${asker}`, anonymous: false, answer: p };
    }
  }
}

/** Adds the xss data to a database the normal seed has filled (same transaction as the seed). */
export function seedXss(db: Database, nowMs: number): { blogs: number; posts: number; messages: number } {
  const payloads = xssPayloads();
  const count = payloads.length;
  const now = Math.floor(nowMs / 1000);
  const insertBlog = db.prepare(`INSERT INTO blogs (name, uuid, title, description_sanitized, cname, asks, anonymous_asks, submissions,
      can_receive_messages, messages_from_followed_only, is_messaging_bot, is_nsfw, theme, tags, created_ts)
    VALUES (?, ?, ?, ?, NULL, 1, 1, 1, 1, 0, 0, 0, ?, ?, ?)`);
  const insertPost = db.prepare(`INSERT INTO posts (blog_name, type, state, timestamp, note_count, reblog_key, slug, summary, tags,
      content, is_nsfw, reblog_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`);
  const follow = db.prepare('INSERT OR IGNORE INTO follows (follower_blog, followed_blog, subscribed, created_ts) VALUES (?, ?, 0, ?)');
  const rng = rngFor('xss');

  const originals: { id: number; type: string; content: Record<string, unknown> }[] = [];
  payloads.forEach((p, i) => {
    const name = xssBlogName(i);
    insertBlog.run(
      name,
      `t:${base62(rng, 22)}`,
      p,
      p,
      JSON.stringify(themeFor({ name, title: name, about: name, words: [], tags: [] })),
      JSON.stringify([p, 'xss']),
      now - 400 * 86_400,
    );
    const type = XSS_POST_TYPES[i % XSS_POST_TYPES.length]!;
    const content = xssPostContent(type, p, i, count);
    // Newest first in the vectors' order: the dashboard and the drawer show them on their first pages.
    const info = insertPost.run(
      name,
      type,
      'published',
      now - 60 - i,
      100 + i,
      base62(rng, 8),
      name,
      p,
      JSON.stringify([p, 'xss']),
      JSON.stringify(content),
      null,
    );
    originals.push({ id: Number(info.lastInsertRowid), type, content });
    follow.run('alice', name, now - 86_400);
  });
  let posts = count;

  // Reblog trees: xss-<i> reblogs xss-<i+1> with its own payload as the comment; alice has a draft
  // reblog of every xss post (her comment: the payload), which the post form opens for an edit.
  payloads.forEach((p, i) => {
    const next = (i + 1) % count;
    const source = originals[next]!;
    const content = { ...source.content, comment: p, reblogged_from: xssBlogName(next) };
    insertPost.run(
      xssBlogName(i),
      source.type,
      'published',
      now - 600 - i,
      1,
      base62(rng, 8),
      `${xssBlogName(i)}-reblog`,
      p,
      JSON.stringify([p]),
      JSON.stringify(content),
      source.id,
    );
    const own = originals[i]!;
    const draft = { ...own.content, comment: p, reblogged_from: xssBlogName(i) };
    insertPost.run('alice', own.type, 'draft', now - 900 - i, 0, base62(rng, 8), '', p, JSON.stringify([p]), JSON.stringify(draft), own.id);
    posts += 2;
  });

  // Activity: vector k in every text field of a notification, the newest ACTIVITY_PER_BLOG of each
  // of alice's blogs; the vectors past those ride in as the summary of the post a notification is about.
  const insertActivity = db.prepare(`INSERT INTO activity (blog_name, type, timestamp, from_blog, post_id, new_post_id, extra)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const activityTypes = ['reply', 'answer', 'ask', 'postcard', 'reblog', 'user_mention', 'like'] as const;
  const rows = Math.min(count, ACTIVITY_PER_BLOG * ACTIVITY_BLOGS.length);
  for (let k = 0; k < rows; k++) {
    const blog = ACTIVITY_BLOGS[Math.floor(k / ACTIVITY_PER_BLOG)]!;
    const p = payloads[k]!;
    const about = k + rows < count ? k + rows : k;
    const extra = { message: p, diff: p, reply_text: p, answer_text: p, question: p, quote: p };
    const type = activityTypes[k % activityTypes.length]!;
    insertActivity.run(
      blog,
      type,
      now - 1 - (k % ACTIVITY_PER_BLOG),
      xssBlogName(k),
      originals[about]!.id,
      type === 'reblog' ? originals[k]!.id : null,
      JSON.stringify(extra),
    );
  }

  // alice's asks inbox.
  const insertAsk = db.prepare('INSERT INTO asks (recipient, asker, anonymous, question, created_ts) VALUES (?, ?, 0, ?, ?)');
  payloads.forEach((p, i) => insertAsk.run('alice', xssBlogName(i), p, now - 120 - i));

  // Messaging: every payload in the conversation with xss-0 (and a sent post of each type), and a
  // conversation with each other xss blog ending on its payload.
  const insertConv = db.prepare('INSERT INTO conversations (id, created_ts, last_modified_ts) VALUES (?, ?, ?)');
  const insertPart = db.prepare(
    'INSERT INTO conversation_participants (conversation_id, blog_name, last_read_ts, is_possible_spam) VALUES (?, ?, ?, 0)',
  );
  const insertMsg = db.prepare(`INSERT INTO messages (conversation_id, sender_blog, ts, type, text, post_id) VALUES (?, ?, ?, ?, ?, ?)`);
  let messages = 0;
  const main = 'alice-xss-0';
  const total = count + SENT_POSTS;
  const start = nowMs - (total + 1) * MINUTE_MS;
  insertConv.run(main, start, start + total * MINUTE_MS);
  insertPart.run(main, 'alice', start);
  insertPart.run(main, xssBlogName(0), start + total * MINUTE_MS);
  for (let m = 0; m < total; m++) {
    const sender = m % 2 === 0 ? xssBlogName(0) : 'alice';
    const ts = start + (m + 1) * MINUTE_MS;
    if (m < SENT_POSTS) insertMsg.run(main, sender, ts, 'POSTREF', null, originals[m % count]!.id);
    else insertMsg.run(main, sender, ts, 'TEXT', payloads[m - SENT_POSTS]!, null);
    messages++;
  }
  for (let i = 1; i < count; i++) {
    const id = `alice-${xssBlogName(i)}`;
    const ts = nowMs - (total + 10 + i) * MINUTE_MS;
    insertConv.run(id, ts, ts);
    insertPart.run(id, 'alice', ts - 1);
    insertPart.run(id, xssBlogName(i), ts);
    insertMsg.run(id, xssBlogName(i), ts, 'TEXT', payloads[i]!, null);
    messages++;
  }

  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seed_mode', 'xss')").run();
  return { blogs: count, posts, messages };
}

/** The seed mode a database was seeded in ('default' when it does not say). */
export function seedModeOf(db: Database): SeedMode {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seed_mode'").get() as { value: string } | undefined;
  return isSeedMode(row?.value) ? row.value : 'default';
}

/** The GIF search's server message for the query `xss-<i>` while the xss mode is seeded: vector i as header and body. */
export function xssGifMessage(db: Database, query: string): { header: string; body: string } | undefined {
  const i = /^xss-(\d+)$/.exec(query)?.[1];
  if (i === undefined || seedModeOf(db) !== 'xss') return undefined;
  const p = xssPayloads()[Number(i)];
  return p === undefined ? undefined : { header: p, body: p };
}
