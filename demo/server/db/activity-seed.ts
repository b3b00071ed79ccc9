/**
 * Seed notifications for <activity-popover>: every type, spread over the last
 * ten days (several today, some yesterday, the rest older), for the blogs of
 * the seeded users. `carol` gets none, so the empty state has a real case.
 *
 * Days are calendar days in the server's time zone (the demo's browser runs on
 * the same machine): "today" is since local midnight, not "the last few hours",
 * which at 00:30 would all be yesterday.
 */
import type { Database } from 'better-sqlite3';
import { int, pick, rngFor } from '../lib/random';

const DAY = 86_400;
const TYPES = [
  'like',
  'reblog',
  'follower',
  'like',
  'user_mention',
  'reply',
  'like',
  'answer',
  'ask',
  'postcard',
  'reblog',
  'like',
] as const;
const REPLIES = ['this made my day', 'how did you do the lighting?', 'saving this forever', 'ok but the colours', 'need a part two'];
const DIFFS = [
  'this is the best thing I have seen all week',
  'adding this to my moodboard',
  'SAME',
  'the second panel!!',
  'reblogging for the caption alone',
];
const QUESTIONS = ['What got you started?', 'Favourite tool right now?', 'Any tips for beginners?', 'Where do you find your references?'];
const ANSWERS = ['Mostly stubbornness, honestly.', 'A very old pencil.', 'Draw every day, even badly.', 'Long walks and library books.'];

/** Blogs that get activity, and how many notifications each. */
const VOLUME: Record<string, number> = { alice: 40, 'alice-sketches': 12, bob: 24 };

export function seedActivity(db: Database, now: number): number {
  const blogs = (db.prepare('SELECT name FROM blogs').all() as { name: string }[]).map((b) => b.name);
  const insert = db.prepare(`INSERT INTO activity (blog_name, type, timestamp, from_blog, post_id, new_post_id, extra)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const postsOf = db.prepare('SELECT id, type FROM posts WHERE blog_name = ? ORDER BY timestamp DESC LIMIT 30');
  const newPostOf = db.prepare('SELECT id FROM posts WHERE blog_name = ? ORDER BY timestamp DESC LIMIT 1');
  const midnight = new Date(now * 1000);
  midnight.setHours(0, 0, 0, 0);
  const startOfToday = Math.floor(midnight.getTime() / 1000);
  const sinceMidnight = Math.max(0, now - startOfToday);
  let count = 0;
  for (const [blog, total] of Object.entries(VOLUME)) {
    if (!blogs.includes(blog)) continue;
    const rng = rngFor(`activity:${blog}`);
    const posts = postsOf.all(blog) as { id: number; type: string }[];
    const others = blogs.filter((b) => b !== blog && !b.startsWith('alice') && b !== 'xss-lab');
    for (let i = 0; i < total; i++) {
      const type = TYPES[i % TYPES.length]!;
      // The first five land today, the next five yesterday, the rest up to ten days back.
      const daysAgo = i < 5 ? 0 : i < 10 ? 1 : int(rng, 2, 10);
      // Today: up to three hours back, never before midnight. Earlier days: any time of that day.
      const timestamp =
        daysAgo === 0 ? now - int(rng, 0, Math.min(3 * 3600, sinceMidnight)) : startOfToday - (daysAgo - 1) * DAY - int(rng, 1, DAY);
      const from = pick(rng, others);
      const post = posts.length && type !== 'follower' && type !== 'postcard' && type !== 'ask' ? pick(rng, posts) : undefined;
      const extra: Record<string, string> = {};
      let newPost: number | null = null;
      if (type === 'reblog') {
        extra.diff = pick(rng, DIFFS);
        newPost = (newPostOf.get(from) as { id: number } | undefined)?.id ?? null;
      } else if (type === 'reply') extra.reply_text = pick(rng, REPLIES);
      else if (type === 'answer') extra.answer_text = pick(rng, ANSWERS);
      else if (type === 'ask') extra.question = pick(rng, QUESTIONS);
      else if (type === 'postcard') extra.message = 'Your blog is my favourite thing on here.';
      insert.run(blog, type, timestamp, from, post?.id ?? null, newPost, JSON.stringify(extra));
      count++;
    }
  }
  return count;
}
