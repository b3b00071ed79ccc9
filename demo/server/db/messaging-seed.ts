/**
 * Seed data for <messaging-dock>: the user `dora` (blog `dora`, verified, daily limit on new
 * conversations already used up → 429) and conversations for alice, alice-sketches, bob and carol.
 * alice's main blog has 15 conversations (two inbox pages of 10), the one with bob has 30 messages
 * (message paging) with two unread, one from glitch-art-daily is possible spam with an image
 * (blurred: alice does not follow it), and sea-glass (not followed either, not spam) sent her two
 * images. Runs last in seed(), so it changes no other seed data.
 */
import type { Database } from 'better-sqlite3';
import { base62, int, rngFor } from '../lib/random';
import { themeFor } from './themes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DORA = {
  name: 'dora',
  title: 'Dora Explores',
  about: 'Maps, trails and far too many new conversations',
  words: ['trail', 'map', 'backpack'],
  tags: ['travel', 'hiking'],
  palette: 5,
  font: 'Futura',
} as const;

const SMALL_TALK = [
  'hey! loved your last post',
  'thank you!! it took forever',
  'how long did that take?',
  'about a week, mostly waiting for glue to dry',
  'ha, the classic',
  'are you going to the meetup on sunday?',
  'maybe, depends on the weather',
  'fair. bring snacks if you do',
  'always',
  'did you see the new tag everyone is using?',
  'no, which one?',
  'the one with the tiny hats',
  'oh no. oh yes.',
];

interface Seeded {
  id: string;
  blogs: [string, string];
  /** [sender index (0|1), minutes ago, text] oldest first */
  messages: Array<[0 | 1, number, string]>;
  /** minutes ago each blog last read (undefined = read everything) */
  readAgo?: [number | undefined, number | undefined];
  spamFor?: string;
}

export function seedMessaging(db: Database, nowMs: number): { conversations: number; messages: number } {
  const rng = rngFor('messaging');
  // dora: her own blog and user, inserted after everything else
  const dora = rngFor('blog:dora');
  db.prepare(
    `INSERT INTO blogs (name, uuid, title, description_sanitized, cname, asks, anonymous_asks, submissions,
      can_receive_messages, messages_from_followed_only, is_messaging_bot, is_nsfw, theme, tags, created_ts)
    VALUES (?, ?, ?, ?, NULL, 1, 0, 1, 1, 0, 0, 0, ?, ?, ?)`,
  ).run(
    DORA.name,
    `t:${base62(dora, 22)}`,
    DORA.title,
    `<p>${DORA.about}.</p>`,
    JSON.stringify(themeFor({ ...DORA, words: [...DORA.words], tags: [...DORA.tags] })),
    JSON.stringify(DORA.tags),
    Math.floor(nowMs / 1000) - 400 * 86_400,
  );
  db.prepare(
    `INSERT INTO users (name, primary_blog, is_verified_email, can_message, is_sounds_enabled, language, polling_token,
      liked_post_count, friend_count) VALUES ('dora', 'dora', 1, 1, 1, 'en_US', ?, 3, 2)`,
  ).run(base62(rngFor('token:dora'), 24));
  db.prepare("INSERT INTO user_blogs (user_name, blog_name, is_primary, position) VALUES ('dora', 'dora', 1, 0)").run();
  const follow = db.prepare('INSERT OR IGNORE INTO follows (follower_blog, followed_blog, subscribed, created_ts) VALUES (?, ?, 0, ?)');
  for (const to of ['alice', 'bob']) follow.run('dora', to, Math.floor(nowMs / 1000) - 30 * 86_400);

  const insertUserState = db.prepare(
    'INSERT INTO messaging_users (user_name, tutorial_seen, new_convos_day, new_convos_count, daily_limit) VALUES (?, ?, ?, ?, ?)',
  );
  for (const { name } of db.prepare('SELECT name FROM users ORDER BY name').all() as { name: string }[]) {
    // only dora has not seen the messaging tutorial; she has no new conversations left either (limit 0 → 429 on any new one)
    insertUserState.run(name, name === 'dora' ? 0 : 1, '', 0, name === 'dora' ? 0 : 20);
  }

  const bobThread: Seeded['messages'] = [];
  for (let i = 0; i < 30; i++) {
    // six hours apart, except every third message follows the one before within a minute (same sender: collapsed)
    bobThread.push([i % 3 === 0 ? 1 : 0, (30 - i) * 360 + (i % 3 === 2 ? 359.5 : 0), SMALL_TALK[i % SMALL_TALK.length]!]);
  }
  bobThread[28] = [1, 9, 'also: I finished the birdhouse'];
  bobThread[29] = [1, 8, 'pics soon'];

  const convs: Seeded[] = [
    { id: 'alice-bob', blogs: ['alice', 'bob'], messages: bobThread, readAgo: [10, undefined] },
    {
      id: 'alice-chatty-bot',
      blogs: ['alice', 'chatty-bot'],
      messages: [
        [0, 3 * 60, 'hello robot'],
        [1, 3 * 60 - 0.05, 'Beep boop! You said: "hello robot"'],
      ],
    },
    {
      id: 'alice-dora',
      blogs: ['alice', 'dora'],
      messages: [
        [1, 26 * 60, 'hi alice! I am starting SO many conversations today'],
        [0, 25 * 60, 'pace yourself'],
      ],
    },
  ];
  const partners = [
    'tiny-kitchen',
    'moss-and-stone',
    'night-owl-radio',
    'paper-planes',
    'pixel-garden',
    'the-daily-fern',
    'cloud-atlas-notes',
    'neon-tide',
    'retro-computing',
  ];
  partners.forEach((name, i) => {
    const ago = ((i + 2) * DAY) / MINUTE + int(rng, 0, 600);
    convs.push({
      id: `alice-${name}`,
      blogs: ['alice', name],
      messages: [
        [1, ago, `hi from ${name}!`],
        [0, ago - 30, 'hello! thanks for the follow'],
        [1, ago - 31, SMALL_TALK[i % SMALL_TALK.length]!],
      ],
      readAgo: [i === 0 ? ago : undefined, undefined],
    });
  });
  convs.push(
    {
      id: 'alice-glitch-art-daily',
      blogs: ['alice', 'glitch-art-daily'],
      messages: [
        [1, 50, 'U WON A FREE DATAMOSH. CLICK'],
        [1, 49, '__IMAGE__'],
      ],
      readAgo: [60, undefined],
      spamFor: 'alice',
    },
    // sea-glass: alice does not follow it (its images arrive blurred), and it is not spam
    {
      id: 'alice-sea-glass',
      blogs: ['alice', 'sea-glass'],
      messages: [
        [1, 95, 'found these on the beach today, thought of your fern posts'],
        [1, 94, '__IMAGE__'],
        [1, 93, '__IMAGE__'],
      ],
      readAgo: [90, undefined],
    },
    // slow-cinema sent alice a post of every kind a message renders (and one no longer available, one NSFW)
    {
      id: 'alice-slow-cinema',
      blogs: ['alice', 'slow-cinema'],
      messages: ['photo', 'photoset', 'link', 'quote', 'audio', 'video', 'chat', 'nsfw', 'gone'].map((kind, i): [0 | 1, number, string] => [
        1,
        160 - i,
        `__POST:${kind}__`,
      ]),
      readAgo: [150, undefined],
    },
    {
      id: 'sketches-urban',
      blogs: ['alice-sketches', 'urban-sketchers'],
      messages: [[1, 2 * 60, 'would you like to join our sunday sketch walk?']],
      readAgo: [3 * 60, undefined],
    },
    {
      id: 'sketches-ink',
      blogs: ['alice-sketches', 'ink-and-pixels'],
      messages: [
        [0, (4 * DAY) / MINUTE, 'your inking is so clean'],
        [1, (4 * DAY) / MINUTE - 20, 'thank you! brush pens all the way'],
      ],
    },
    {
      id: 'bob-carol',
      blogs: ['bob', 'carol'],
      messages: [
        [0, 5 * 60, 'carol! did you finish the story?'],
        [1, 4 * 60, 'almost. one more walk'],
      ],
      readAgo: [undefined, 5 * 60 + 1],
    },
  );

  const insertConv = db.prepare('INSERT INTO conversations (id, created_ts, last_modified_ts) VALUES (?, ?, ?)');
  const insertPart = db.prepare(
    'INSERT INTO conversation_participants (conversation_id, blog_name, last_read_ts, is_possible_spam) VALUES (?, ?, ?, ?)',
  );
  const insertMsg =
    db.prepare(`INSERT INTO messages (conversation_id, sender_blog, ts, type, text, post_id, image_url, image_width, image_height)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const latestPost = db.prepare("SELECT id FROM posts WHERE blog_name = ? AND state = 'published' ORDER BY timestamp DESC LIMIT 1");
  /** The newest post of a kind (photo: one photo, photoset: several), for the post messages; 'gone' has none. */
  const postOfKind = (kind: string): { id: number } | undefined => {
    const where: Record<string, string> = {
      photo: "type = 'photo' AND json_array_length(content, '$.photos') = 1 AND is_nsfw = 0",
      photoset: "type = 'photo' AND json_array_length(content, '$.photos') > 1 AND is_nsfw = 0",
      nsfw: 'is_nsfw = 1',
    };
    const clause = where[kind] ?? (kind === 'gone' ? null : `type = '${kind.replace(/[^a-z]/g, '')}' AND is_nsfw = 0`);
    if (!clause) return undefined;
    return db
      .prepare(`SELECT id FROM posts WHERE ${clause} AND state = 'published' AND blog_name != 'xss-lab' ORDER BY timestamp DESC LIMIT 1`)
      .get() as { id: number } | undefined;
  };
  let messages = 0;
  for (const conv of convs) {
    const times = conv.messages.map(([, ago]) => Math.round(nowMs - ago * MINUTE));
    const last = Math.max(...times);
    insertConv.run(conv.id, Math.min(...times), last);
    conv.blogs.forEach((blog, i) => {
      const ago = conv.readAgo?.[i];
      insertPart.run(conv.id, blog, ago === undefined ? last : Math.round(nowMs - ago * MINUTE), conv.spamFor === blog ? 1 : 0);
    });
    conv.messages.forEach(([sender, , text], i) => {
      const blog = conv.blogs[sender];
      const sent = /^__POST:(\w+)__$/.exec(text);
      if (sent) {
        const post = postOfKind(sent[1]!);
        insertMsg.run(conv.id, blog, times[i], 'POSTREF', null, post?.id ?? null, null, null, null);
      } else if (text === '__IMAGE__') {
        insertMsg.run(conv.id, blog, times[i], 'IMAGE', null, null, `/assets/header/${blog}.svg`, 640, 240);
      } else if (conv.id === 'alice-tiny-kitchen' && i === 2) {
        const post = latestPost.get('tiny-kitchen') as { id: number } | undefined;
        insertMsg.run(conv.id, blog, times[i], post ? 'POSTREF' : 'TEXT', post ? null : text, post?.id ?? null, null, null, null);
      } else {
        insertMsg.run(conv.id, blog, times[i], 'TEXT', text, null, null, null, null);
      }
      messages++;
    });
  }
  return { conversations: convs.length, messages };
}
