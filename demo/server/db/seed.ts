/**
 * Deterministic seed data. Everything comes from seeded PRNGs (same ids, names, texts on every
 * run); only timestamps are relative to the moment of seeding, so the dashboard always looks fresh.
 */
import type { Database } from 'better-sqlite3';
import { seedActivity } from './activity-seed';
import { seedAuthoring } from './authoring-seed';
import { seedMessaging } from './messaging-seed';
import { seedStaff } from './staff-seed';
import { themeFor } from './themes';
import { BLOCKS, BLOGS, FOLLOWS, STAFF_BLOG, SUBSCRIPTIONS, USERS, XSS_PAYLOADS, type BlogSeed } from './catalogue';
import { base62, int, mulberry32, pick, pickSome, rngFor, type Rng } from '../lib/random';

export const SEED_VERSION = 8;

/** The app a seeded post says it was posted from. */
export const APP_ATTRIBUTION = 'Tumblelog for iOS';

/** A blog with hundreds of posts (the drawer's paging, its bench). */
const ARCHIVE_POSTS = 240;
const ARCHIVE_BLOG: BlogSeed = {
  name: 'long-archive',
  title: 'The Long Archive',
  about: 'A post a day, every day, for as long as anyone remembers',
  words: ['index card', 'filing cabinet', 'microfiche', 'ledger', 'card catalogue', 'box file'],
  tags: ['archive', 'daily', 'library'],
  palette: 5,
  font: 'Garamond',
};
const DAY = 86400;
const POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'answer'] as const;
export type PostType = (typeof POST_TYPES)[number];
/** Weighted type choice: text and photo are the most common, like on the real thing. */
const TYPE_WEIGHTS: ReadonlyArray<readonly [PostType, number]> = [
  ['text', 25],
  ['photo', 25],
  ['quote', 9],
  ['link', 9],
  ['chat', 8],
  ['audio', 8],
  ['video', 8],
  ['answer', 8],
];
/** The newest post of these blogs has a fixed type and age, so the first dashboard page shows every type. */
const PINNED_NEWEST: Readonly<Record<string, readonly [PostType, number]>> = {
  bob: ['video', 20 * 60],
  'tiny-kitchen': ['photo', 55 * 60],
  'moss-and-stone': ['quote', 2 * 3600],
  'night-owl-radio': ['audio', 3 * 3600 + 600],
  'paper-planes': ['chat', 4 * 3600 + 1200],
  'cloud-atlas-notes': ['answer', 5 * 3600],
  'retro-computing': ['link', 6 * 3600 + 900],
  'pixel-garden': ['text', 7 * 3600],
  alice: ['photo', 90 * 60],
};
const GENERAL_TAGS = ['photography', 'art', 'life', 'inspiration', 'original', 'my stuff', 'funny', 'aesthetic', 'reblog', 'daily'];
const ADJECTIVES = [
  'quiet',
  'tiny',
  'huge',
  'slightly wonky',
  'perfect',
  'forgotten',
  'borrowed',
  'golden',
  'rainy',
  'second-hand',
  'hand-made',
  'midnight',
];
const TIMES = ['this morning', 'last night', 'on Sunday', 'after work', 'before breakfast', 'at 3am', 'all weekend', 'during lunch'];
const SENTENCES = [
  'Spent {t} with a {a} {w} and no regrets.',
  'Nobody warned me that a {w} could be this {a}.',
  'Reminder: the {w} does not care about your schedule.',
  'Found a {a} {w} {t}. Taking it as a sign.',
  'Three things I learned about the {w}: patience, patience, and more patience.',
  'Is it just me or is every {w} a little bit {a} lately?',
  'Update on the {w} situation: still {a}, still going.',
  'Here is my hot take: a {a} {w} beats a new one every time.',
  'Tried something new with the {w} {t}. It went better than expected.',
  'If you only see one {w} this week, make it a {a} one.',
  'Started a small project {t} and of course it involves a {w}.',
  'The {w} looked so {a} in the late light that I had to stop.',
];
const QUOTE_TEMPLATES = [
  'A {w} is never finished, only abandoned.',
  'Be kind to your {w}; it remembers.',
  'Every {a} {w} was once a beginner.',
  'Do one thing every day that scares your {w}.',
  'The best time to start a {w} was yesterday. The second best is {t}.',
  'Not all who wander are looking for a {w}.',
];
const SOURCES = [
  'my grandmother',
  'a fortune cookie',
  'overheard on the bus',
  'the back of a cereal box',
  'Anonymous',
  'a very old notebook',
];
const CHAT_NAMES = ['me', 'mum', 'roommate', 'boss', 'cat', 'stranger', 'friend'];
const CHAT_LINES = [
  'have you seen the {w}?',
  'which {w}?',
  'the {a} one',
  'oh. that one. yes.',
  'we need to talk about the {w}',
  'not {t}',
  'why is there a {w} in the fridge',
  'art project',
  'fair enough',
  'is it {a}?',
  'extremely',
];
const QUESTIONS = [
  'Do you have any tips for someone just starting with a {w}?',
  "What's the most {a} {w} you've ever seen?",
  'How did you get into all this?',
  'Where do you find a good {w} around here?',
  'Can you post more about the {w}? Please!',
];
const ANSWERS = [
  'Start small, be patient, and take lots of notes. The {w} will teach you the rest.',
  'Honestly? A {a} {w} I found {t}. Still thinking about it.',
  'By accident, like most good things. A friend lent me a {w} and I never gave it back.',
  'Keep an eye on the tag! More {w} content coming soon.',
];
const ARTISTS = ['The Quiet Hours', 'Moth Lantern', 'Paper Satellites', 'DJ Dovetail', 'Velvet Static', 'Ocean Floor Choir'];
const ALBUMS = ['Night Drives', 'Low Tide', 'Small Rooms', 'Signal/Noise', 'Greenhouse'];

export interface SeedSummary {
  users: number;
  blogs: number;
  posts: number;
  follows: number;
}

function fill(template: string, rng: Rng, words: readonly string[]): string {
  return template
    .replace(/\{w\}/g, () => pick(rng, words))
    .replace(/\{a\}/g, () => pick(rng, ADJECTIVES))
    .replace(/\{t\}/g, () => pick(rng, TIMES));
}

function paragraph(rng: Rng, words: readonly string[], sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(fill(pick(rng, SENTENCES), rng, words));
  return out.join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function weightedType(rng: Rng): PostType {
  const total = TYPE_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng() * total;
  for (const [type, weight] of TYPE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return type;
  }
  return 'text';
}

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

function describe(blog: BlogSeed, rng: Rng): string {
  if (blog.description !== undefined) return blog.description;
  const tag = blog.tags[0] ?? 'misc';
  const other = blog.tags[1] ?? tag;
  const friend = pick(
    rng,
    BLOGS.filter((b) => b.name !== blog.name),
  ).name;
  const variants = [
    `<p>${blog.about}. Start with <a href="/tagged/${encodeURIComponent(tag)}">#${tag}</a> or the <a href="archive">archive</a>.</p>`,
    `<p>${blog.about} — more at <a href="https://${blog.name}.example.com/">${blog.name}.example.com</a>. Say hi: <a href="mailto:${blog.name}@example.com">e-mail me</a>.</p>`,
    `<p><b>${blog.about}.</b><br>Posts about <a href="/tagged/${encodeURIComponent(tag)}">${tag}</a> and <a href="/tagged/${encodeURIComponent(other)}">${other}</a>. Friends: <a href="/blog/${friend}">${friend}</a></p>`,
    `<p>${blog.about}.</p>`,
  ];
  return pick(rng, variants);
}

interface PostDraft {
  blog: BlogSeed;
  type: PostType;
  age: number; // seconds before "now"
  rngSeed: number;
}

function postContent(
  draft: PostDraft,
  id: number,
  index: number,
): { content: Record<string, unknown>; summary: string; tags: string[]; isNsfw: boolean } {
  const { blog, type } = draft;
  const rng = mulberry32(draft.rngSeed);
  const words = blog.words.length ? blog.words : ['thing'];
  const xss = blog.name === 'xss-lab' ? XSS_PAYLOADS[index % XSS_PAYLOADS.length]! : null;
  const thumb = `/assets/post/${id}.svg`;
  let content: Record<string, unknown>;
  let summary: string;
  switch (type) {
    case 'text': {
      const title = rng() < 0.6 ? capitalise(fill(pick(rng, ['the {w}', 'on the {a} {w}', 'notes: {w}', '{w}, {t}']), rng, words)) : '';
      const paras = int(rng, 1, 3);
      const body = Array.from({ length: paras }, () => paragraph(rng, words, int(rng, 2, 4))).join('\n\n');
      content = { title: xss ? `Payload ${index}: ${xss}` : title, body: xss ? `${xss}\n\n${body}` : body, format: 'plain' };
      summary = xss ?? (title || body);
      break;
    }
    case 'photo': {
      const count = rng() < 0.2 ? int(rng, 2, 4) : 1;
      const photos = Array.from({ length: count }, (_, i) => ({
        url: i === 0 ? thumb : `/assets/post/${id}-${i + 1}.svg`,
        width: 640,
        height: 480,
        alt: `${capitalise(pick(rng, ADJECTIVES))} ${pick(rng, words)}`,
      }));
      const caption = xss ?? (rng() < 0.85 ? paragraph(rng, words, int(rng, 1, 2)) : '');
      content = { caption, photos, layout: count > 1 ? (count === 2 ? '2' : count === 3 ? '12' : '22') : '1' };
      summary = caption || `${count > 1 ? 'Photoset' : 'Photo'}: ${String(photos[0]?.alt ?? '')}`;
      break;
    }
    case 'quote': {
      const text = xss ?? fill(pick(rng, QUOTE_TEMPLATES), rng, words);
      content = { text, source: pick(rng, SOURCES) };
      summary = text;
      break;
    }
    case 'link': {
      const title =
        xss ??
        capitalise(
          fill(pick(rng, ['A guide to the {a} {w}', 'Why every {w} matters', 'The history of the {w}', '{w} of the year']), rng, words),
        );
      const slug = slugify(title) || 'article';
      content = {
        title,
        url: `https://example.com/${blog.name}/${slug}`,
        description: paragraph(rng, words, 1),
        excerpt: paragraph(rng, words, 1),
        author: capitalise(pick(rng, CHAT_NAMES)),
        thumbnail_url: rng() < 0.5 ? thumb : null,
      };
      summary = title;
      break;
    }
    case 'chat': {
      const a = pick(rng, CHAT_NAMES);
      let b = pick(rng, CHAT_NAMES);
      if (b === a) b = 'me';
      const lines = int(rng, 3, 5);
      const phrases = pickSome(rng, CHAT_LINES, lines);
      const dialogue = phrases.map((phrase, i) => {
        const name = i % 2 === 0 ? a : b;
        return { name, label: `${name}:`, phrase: xss && i === 0 ? xss : fill(phrase, rng, words) };
      });
      const title = rng() < 0.4 ? capitalise(fill('a conversation about the {w}', rng, words)) : '';
      content = { title, dialogue };
      summary = title || `${dialogue[0]?.label ?? ''} ${dialogue[0]?.phrase ?? ''}`;
      break;
    }
    case 'audio': {
      const track = capitalise(fill(pick(rng, ['{w} blues', 'song for a {a} {w}', '{w} ({t} mix)', 'the {w} waltz']), rng, words));
      const artist = pick(rng, ARTISTS);
      const caption = xss ?? (rng() < 0.7 ? paragraph(rng, words, 1) : '');
      content = { caption, track_name: track, artist, album: pick(rng, ALBUMS), audio_url: '', album_art: thumb, plays: int(rng, 0, 9000) };
      summary = `${track} – ${artist}`;
      break;
    }
    case 'video': {
      const caption = xss ?? paragraph(rng, words, int(rng, 1, 2));
      content = { caption, video_url: '', hd_url: '', thumbnail_url: thumb, width: 640, height: 360, duration: int(rng, 6, 95) };
      summary = caption;
      break;
    }
    case 'answer': {
      const question = xss ?? fill(pick(rng, QUESTIONS), rng, words);
      const asker =
        rng() < 0.35
          ? null
          : pick(
              rng,
              BLOGS.filter((b) => b.name !== blog.name && b.name !== 'xss-lab'),
            ).name;
      const answer = fill(pick(rng, ANSWERS), rng, words);
      content = {
        question,
        asking_name: asker ?? 'Anonymous',
        asking_url: asker ? `/blog/${asker}` : null,
        anonymous: asker === null,
        answer,
      };
      summary = question;
      break;
    }
  }
  const tags = pickSome(rng, [...blog.tags, ...GENERAL_TAGS], int(rng, 0, 4));
  if (xss && index % 2 === 0) tags.push(xss);
  const isNsfw = blog.name === 'glitch-art-daily' && rng() < 0.25;
  return { content, summary: truncate(summary, 140), tags, isNsfw };
}

function makeDrafts(): PostDraft[] {
  const drafts: PostDraft[] = [];
  for (const blog of BLOGS) {
    const rng = rngFor(`posts:${blog.name}`);
    const count = blog.posts ?? int(rng, 8, 28);
    const pinned = PINNED_NEWEST[blog.name];
    for (let i = 0; i < count; i++) {
      let type = weightedType(rng);
      // the oldest post is at most ~8 weeks old; a stranger's newest is at least 8 hours old
      let age = int(rng, 8 * 3600, 56 * DAY);
      if (i === 0 && pinned) [type, age] = pinned;
      if (blog.name === 'xss-lab') type = POST_TYPES[i % POST_TYPES.length]!;
      drafts.push({ blog, type, age, rngSeed: Math.floor(rng() * 2 ** 32) });
    }
  }
  // oldest first, so ids grow with time like real post ids
  drafts.sort((a, b) => b.age - a.age || a.blog.name.localeCompare(b.blog.name));
  return drafts;
}

/** Fills an empty database (schema already applied). */
export function seed(db: Database, nowMs: number = Date.now()): SeedSummary {
  const now = Math.floor(nowMs / 1000);
  const rng = mulberry32(20120401);
  const insertMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const insertBlog = db.prepare(`INSERT INTO blogs (name, uuid, title, description_sanitized, cname, asks, anonymous_asks, submissions,
      can_receive_messages, messages_from_followed_only, is_messaging_bot, is_nsfw, theme, tags, created_ts)
    VALUES (@name, @uuid, @title, @description, @cname, @asks, @anonymous_asks, @submissions, @can_receive_messages,
      @messages_from_followed_only, @is_messaging_bot, 0, @theme, @tags, @created_ts)`);
  const insertUser = db.prepare(`INSERT INTO users (name, primary_blog, is_verified_email, can_message, is_sounds_enabled, language,
      polling_token, liked_post_count, friend_count) VALUES (?, ?, ?, ?, 1, 'en_US', ?, ?, 0)`);
  const insertUserBlog = db.prepare('INSERT INTO user_blogs (user_name, blog_name, is_primary, position) VALUES (?, ?, ?, ?)');
  const insertPost =
    db.prepare(`INSERT INTO posts (id, blog_name, type, state, timestamp, note_count, reblog_key, slug, summary, tags, content, is_nsfw)
    VALUES (?, ?, ?, 'published', ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertFollow = db.prepare(
    'INSERT OR IGNORE INTO follows (follower_blog, followed_blog, subscribed, created_ts) VALUES (?, ?, ?, ?)',
  );
  const insertBlock = db.prepare('INSERT INTO blocks (blocker_blog, blocked_blog, block_context, created_ts) VALUES (?, ?, NULL, ?)');

  const summary: SeedSummary = { users: 0, blogs: 0, posts: 0, follows: 0 };
  const run = db.transaction(() => {
    insertMeta.run('seeded_at', String(now));
    insertMeta.run('seed_version', String(SEED_VERSION));

    const addBlog = (blog: BlogSeed) => {
      const brng = rngFor(`blog:${blog.name}`);
      insertBlog.run({
        name: blog.name,
        uuid: `t:${base62(brng, 22)}`,
        title: blog.title,
        description: describe(blog, brng),
        cname: blog.cname ?? null,
        asks: blog.asks === false ? 0 : 1,
        anonymous_asks: blog.asks !== false && blog.anonymous_asks ? 1 : 0,
        submissions: blog.submissions === false ? 0 : 1,
        can_receive_messages: blog.can_receive_messages === false ? 0 : 1,
        messages_from_followed_only: blog.messages_from_followed_only ? 1 : 0,
        is_messaging_bot: blog.is_messaging_bot ? 1 : 0,
        theme: JSON.stringify(themeFor(blog)),
        tags: JSON.stringify(blog.tags),
        created_ts: now - int(brng, 200, 3000) * DAY,
      });
      summary.blogs++;
    };
    for (const blog of BLOGS) addBlog(blog);

    for (const user of USERS) {
      const primary = user.blogs[0]!;
      insertUser.run(
        user.name,
        primary,
        user.is_verified_email ? 1 : 0,
        user.can_message ? 1 : 0,
        base62(rngFor(`token:${user.name}`), 24),
        user.liked_post_count,
      );
      user.blogs.forEach((blog, i) => insertUserBlog.run(user.name, blog, i === 0 ? 1 : 0, i));
      summary.users++;
    }

    const drafts = makeDrafts();
    const perBlogIndex = new Map<string, number>();
    let id = 731_204_000_000;
    for (const draft of drafts) {
      id += int(rng, 1_000, 90_000);
      const index = perBlogIndex.get(draft.blog.name) ?? 0;
      perBlogIndex.set(draft.blog.name, index + 1);
      const { content, summary: text, tags, isNsfw } = postContent(draft, id, index);
      const notes = Math.floor(Math.pow(rng(), 3) * 6000) + int(rng, 1, 40);
      insertPost.run(
        id,
        draft.blog.name,
        draft.type,
        now - draft.age,
        notes,
        base62(rng, 8),
        slugify(text),
        text,
        JSON.stringify(tags),
        JSON.stringify(content),
        isNsfw ? 1 : 0,
      );
      summary.posts++;
    }

    const subscribed = new Set(SUBSCRIPTIONS.map(([a, b]) => `${a}>${b}`));
    const addFollow = (from: string, to: string) => {
      if (from === to) return;
      const r = insertFollow.run(from, to, subscribed.has(`${from}>${to}`) ? 1 : 0, now - int(rng, 1, 400) * DAY);
      summary.follows += r.changes;
    };
    for (const [from, list] of Object.entries(FOLLOWS)) for (const to of list) addFollow(from, to);
    // strangers follow a few blogs each (so follower counts and mutuals exist)
    const names = BLOGS.map((b) => b.name).filter((n) => n !== 'xss-lab');
    for (const blog of BLOGS) {
      if (blog.name in FOLLOWS || blog.name === 'xss-lab') continue;
      const frng = rngFor(`follows:${blog.name}`);
      for (const to of pickSome(frng, names, int(frng, 2, 6))) addFollow(blog.name, to);
      if (frng() < 0.3) addFollow(blog.name, 'alice');
    }
    for (const [blocker, blocked] of BLOCKS) {
      db.prepare('DELETE FROM follows WHERE (follower_blog = ? AND followed_blog = ?) OR (follower_blog = ? AND followed_blog = ?)').run(
        blocker,
        blocked,
        blocked,
        blocker,
      );
      insertBlock.run(blocker, blocked, now - 10 * DAY);
    }
    db.prepare(`UPDATE users SET friend_count = (SELECT COUNT(*) FROM follows WHERE follower_blog = users.primary_blog)`).run();
    seedActivity(db, now);
    seedAuthoring(db, now);
    seedMessaging(db, nowMs);

    // The long archive: enough posts for the drawer's autopaging and its bench (200+ posts). Seeded
    // after everything else, older than every other post and with ids below theirs, so the shared
    // random sequence (and every other seeded id) stays as it was.
    addBlog(ARCHIVE_BLOG);
    const arng = rngFor(`posts:${ARCHIVE_BLOG.name}`);
    let archiveId = 731_100_000_000;
    for (let i = 0; i < ARCHIVE_POSTS; i++) {
      archiveId += int(arng, 1_000, 90_000);
      const draft: PostDraft = {
        blog: ARCHIVE_BLOG,
        type: weightedType(arng),
        age: (57 + ARCHIVE_POSTS - i) * DAY + int(arng, 0, 3600),
        rngSeed: Math.floor(arng() * 2 ** 32),
      };
      const { content, summary: text, tags, isNsfw } = postContent(draft, archiveId, i);
      insertPost.run(
        archiveId,
        ARCHIVE_BLOG.name,
        draft.type,
        now - draft.age,
        Math.floor(Math.pow(arng(), 3) * 900) + int(arng, 1, 40),
        base62(arng, 8),
        slugify(text),
        text,
        JSON.stringify(tags),
        JSON.stringify(content),
        isNsfw ? 1 : 0,
      );
      summary.posts++;
    }

    // The staff member, and the flags and settings the demo starts with (db/staff-seed.ts). Last, like the archive.
    addBlog(STAFF_BLOG);
    seedStaff(db, now);
    summary.users++;

    // Posted from an app: alice's newest post carries the app's name, which she may remove
    // (authoring spec §7 remove_app_attribution).
    db.prepare(
      `UPDATE posts SET options = json_set(options, '$.app_attribution', ?) WHERE id = (
        SELECT id FROM posts WHERE blog_name = 'alice' AND state = 'published' ORDER BY timestamp DESC LIMIT 1)`,
    ).run(APP_ATTRIBUTION);
    summary.follows += (db.prepare('SELECT COUNT(*) AS n FROM follows WHERE follower_blog = ?').get(STAFF_BLOG.name) as { n: number }).n;
  });
  run();
  return summary;
}
