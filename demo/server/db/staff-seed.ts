/**
 * The staff member and the blog flags and settings the demo starts with (authoring spec §6 staff
 * toggles, §7 /settings/save):
 *   - the user `staff` (is_staff) with the blog `staff`, following a few blogs;
 *   - glitch-art-daily flagged NSFW (it posts sensitive images), so a flagged blog shows its mark;
 *   - alice sends her posts to Twitter automatically (she has a linked Twitter account, routes/share.ts).
 * Runs after everything else in seed.ts: the shared random sequence, and every other seeded id, stay as they were.
 */
import type { Database } from 'better-sqlite3';
import { base62, rngFor } from '../lib/random';
import { STAFF_BLOG, STAFF_FOLLOWS, STAFF_USER } from './catalogue';

const DAY = 86400;

/** Expects the blog STAFF_BLOG to exist already (seed.ts adds it like any other blog). */
export function seedStaff(db: Database, now: number): void {
  db.prepare(
    `INSERT INTO users (name, primary_blog, is_verified_email, can_message, is_sounds_enabled, language, polling_token,
      liked_post_count, friend_count, is_staff) VALUES (?, ?, 1, 1, 1, 'en_US', ?, 0, ?, 1)`,
  ).run(STAFF_USER, STAFF_BLOG.name, base62(rngFor(`token:${STAFF_USER}`), 24), STAFF_FOLLOWS.length);
  db.prepare('INSERT INTO user_blogs (user_name, blog_name, is_primary, position) VALUES (?, ?, 1, 0)').run(STAFF_USER, STAFF_BLOG.name);
  const follow = db.prepare('INSERT OR IGNORE INTO follows (follower_blog, followed_blog, subscribed, created_ts) VALUES (?, ?, 0, ?)');
  STAFF_FOLLOWS.forEach((blog, i) => follow.run(STAFF_BLOG.name, blog, now - (30 + i) * DAY));
  // Messaging as every seeded user but dora has it (db/messaging-seed.ts): the tutorial seen, 20 new conversations a day.
  db.prepare(
    "INSERT INTO messaging_users (user_name, tutorial_seen, new_convos_day, new_convos_count, daily_limit) VALUES (?, 1, '', 0, 20)",
  ).run(STAFF_USER);

  db.prepare("UPDATE blogs SET is_nsfw = 1 WHERE name = 'glitch-art-daily'").run();
  db.prepare("UPDATE blogs SET twitter_send_posts = 1 WHERE name = 'alice'").run();
}
