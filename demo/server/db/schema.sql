-- Reference server schema (SQLite via better-sqlite3).
-- Changing this file changes its hash; a database built from an older schema
-- is rebuilt and re-seeded on the next start (see demo/server/db/index.ts).

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  name              TEXT PRIMARY KEY,
  primary_blog      TEXT NOT NULL,
  is_verified_email INTEGER NOT NULL DEFAULT 1,
  can_message       INTEGER NOT NULL DEFAULT 1,
  is_sounds_enabled INTEGER NOT NULL DEFAULT 1,
  language          TEXT NOT NULL DEFAULT 'en_US',
  polling_token     TEXT NOT NULL,
  liked_post_count  INTEGER NOT NULL DEFAULT 0,
  friend_count      INTEGER NOT NULL DEFAULT 0,
  -- the account's safe-mode setting (messaging spec §3 User)
  safe_mode         INTEGER NOT NULL DEFAULT 1,
  -- staff may flip a blog's staff flags (authoring spec §6; routes/staff.ts)
  is_staff          INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE blogs (
  name                 TEXT PRIMARY KEY,
  uuid                 TEXT NOT NULL UNIQUE,
  title                TEXT NOT NULL,
  description_sanitized TEXT NOT NULL DEFAULT '',
  cname                TEXT,
  asks                 INTEGER NOT NULL DEFAULT 1,
  anonymous_asks       INTEGER NOT NULL DEFAULT 0,
  submissions          INTEGER NOT NULL DEFAULT 1,
  can_receive_messages INTEGER NOT NULL DEFAULT 1,
  -- 1 = only blogs this blog follows may message it (error 7003)
  messages_from_followed_only INTEGER NOT NULL DEFAULT 0,
  is_messaging_bot     INTEGER NOT NULL DEFAULT 0,
  -- the staff flags (authoring spec §6 "Staff-type toggles"; routes/staff.ts): is_nsfw and the four below
  is_nsfw              INTEGER NOT NULL DEFAULT 0,
  is_spam              INTEGER NOT NULL DEFAULT 0,
  is_adult             INTEGER NOT NULL DEFAULT 0,
  is_uniblocked        INTEGER NOT NULL DEFAULT 0,
  is_suspended         INTEGER NOT NULL DEFAULT 0,
  -- the blog's auto-send settings (authoring spec §7 /settings/save; routes/settings.ts)
  twitter_send_posts   INTEGER NOT NULL DEFAULT 0,
  facebook_opengraph_send_posts INTEGER NOT NULL DEFAULT 0,
  -- JSON: global_theme_params (header_image_focused is a local path)
  theme                TEXT NOT NULL,
  -- JSON: list of tag strings (blog_tags)
  tags                 TEXT NOT NULL DEFAULT '[]',
  created_ts           INTEGER NOT NULL
);

CREATE TABLE user_blogs (
  user_name  TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
  blog_name  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  is_primary INTEGER NOT NULL DEFAULT 0,
  position   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_name, blog_name)
);
CREATE UNIQUE INDEX user_blogs_blog ON user_blogs(blog_name);

CREATE TABLE posts (
  id          INTEGER PRIMARY KEY,
  blog_name   TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  -- text | photo | quote | link | chat | audio | video | answer
  type        TEXT NOT NULL,
  state       TEXT NOT NULL DEFAULT 'published',
  timestamp   INTEGER NOT NULL,
  note_count  INTEGER NOT NULL DEFAULT 0,
  reblog_key  TEXT NOT NULL,
  slug        TEXT NOT NULL DEFAULT '',
  summary     TEXT NOT NULL DEFAULT '',
  -- JSON: list of tag strings
  tags        TEXT NOT NULL DEFAULT '[]',
  -- JSON: type-specific fields (title, body, caption, photos, quote, source, url, dialogue, question …)
  content     TEXT NOT NULL DEFAULT '{}',
  is_nsfw     INTEGER NOT NULL DEFAULT 0,
  -- a scheduled post's date-time (post[publish_on]); '' otherwise
  publish_on  TEXT NOT NULL DEFAULT '',
  -- JSON: what the post form sets that the renderers do not read (source_url, can_be_liked …)
  options     TEXT NOT NULL DEFAULT '{}',
  -- the post this one reblogs (its content is a copy, plus the reblogger's `comment`)
  reblog_of   INTEGER REFERENCES posts(id) ON DELETE SET NULL
);
CREATE INDEX posts_blog_time ON posts(blog_name, timestamp DESC);
CREATE INDEX posts_time ON posts(timestamp DESC);

CREATE TABLE follows (
  follower_blog TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  followed_blog TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  subscribed    INTEGER NOT NULL DEFAULT 0,
  created_ts    INTEGER NOT NULL,
  PRIMARY KEY (follower_blog, followed_blog)
);
CREATE INDEX follows_followed ON follows(followed_blog);

CREATE TABLE blocks (
  blocker_blog  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  blocked_blog  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  block_context TEXT,
  created_ts    INTEGER NOT NULL,
  PRIMARY KEY (blocker_blog, blocked_blog)
);

-- Activity notifications shown by <activity-popover>, per blog (seeded by db/activity-seed.ts).
CREATE TABLE activity (
  id         INTEGER PRIMARY KEY,
  blog_name  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  -- follower | like | reblog | user_mention | reply | answer | ask | postcard
  type       TEXT NOT NULL,
  timestamp  INTEGER NOT NULL,
  from_blog  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  post_id    INTEGER REFERENCES posts(id) ON DELETE SET NULL,
  new_post_id INTEGER,
  -- JSON: { diff?, quote?, reply_text?, answer_text?, question?, message? }
  extra      TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX activity_blog_time ON activity(blog_name, timestamp DESC);

-- Questions asked with <ask-form> (POST /svc/post/ask): a blog's ask inbox.
CREATE TABLE asks (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  -- the asking blog; NULL when anonymous
  asker      TEXT REFERENCES blogs(name) ON DELETE SET NULL,
  anonymous  INTEGER NOT NULL DEFAULT 0,
  question   TEXT NOT NULL,
  created_ts INTEGER NOT NULL
);
CREATE INDEX asks_recipient ON asks(recipient, created_ts DESC);

-- Messaging (<messaging-dock>, routes/messaging.ts; seeded by db/messaging-seed.ts). Times in ms.
CREATE TABLE conversations (
  id               TEXT PRIMARY KEY,
  created_ts       INTEGER NOT NULL,
  last_modified_ts INTEGER NOT NULL
);

-- Per-blog state of a conversation: read state, deletion, spam and blur flags.
CREATE TABLE conversation_participants (
  conversation_id  TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  blog_name        TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  last_read_ts     INTEGER NOT NULL DEFAULT 0,
  -- deleted by this blog at this time: hidden (with older messages) until a newer message arrives
  deleted_ts       INTEGER,
  is_possible_spam INTEGER NOT NULL DEFAULT 0,
  images_unblurred INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, blog_name)
);
CREATE INDEX conversation_participants_blog ON conversation_participants(blog_name);

CREATE TABLE messages (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_blog     TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  ts              INTEGER NOT NULL,
  -- TEXT | POSTREF | IMAGE
  type            TEXT NOT NULL,
  text            TEXT,
  post_id         INTEGER REFERENCES posts(id) ON DELETE SET NULL,
  -- an asset URL (seed) or /svc/conversations/images/<file> (uploads under DATA_DIR/messaging)
  image_url       TEXT,
  image_width     INTEGER,
  image_height    INTEGER,
  -- the client's id for the message: a send repeated with the same id is stored once
  client_id       TEXT,
  context         TEXT
);
CREATE INDEX messages_conversation_ts ON messages(conversation_id, ts);
CREATE UNIQUE INDEX messages_client_id ON messages(sender_blog, client_id) WHERE client_id IS NOT NULL;

-- A message one participant deleted from their view (the message controls' Delete); the others keep it.
CREATE TABLE hidden_messages (
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  blog_name  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  PRIMARY KEY (message_id, blog_name)
);

-- Per-user messaging state: tutorial seen, new conversations started on new_convos_day (UTC) and the
-- daily limit on them (over it → 429).
CREATE TABLE messaging_users (
  user_name         TEXT PRIMARY KEY REFERENCES users(name) ON DELETE CASCADE,
  tutorial_seen     INTEGER NOT NULL DEFAULT 0,
  new_convos_day    TEXT NOT NULL DEFAULT '',
  new_convos_count  INTEGER NOT NULL DEFAULT 0,
  daily_limit       INTEGER NOT NULL DEFAULT 20
);

-- Every share the share endpoints accepted (authoring spec §7 "Sharing"): the tests read it back
-- through GET /__demo/state?table=shares.
CREATE TABLE shares (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  -- email | blog-email | twitter | facebook | pinterest | reddit
  network        TEXT NOT NULL,
  post_id        INTEGER,
  blog_name      TEXT NOT NULL,
  -- the user who shared ('anonymous' when logged out)
  user_name      TEXT NOT NULL,
  email_address  TEXT,
  message        TEXT,
  allow_reply_to INTEGER NOT NULL DEFAULT 0,
  -- 1 when the share went through the popup window instead of a linked account
  share_fallback INTEGER NOT NULL DEFAULT 0,
  created_ts     INTEGER NOT NULL
);

-- Likes (authoring spec §7 "Post actions": /svc/like, /svc/unlike), per user.
CREATE TABLE likes (
  user_name  TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
  post_id    INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  source     TEXT NOT NULL DEFAULT '',
  created_ts INTEGER NOT NULL,
  PRIMARY KEY (user_name, post_id)
);

-- Replies (/svc/reply) and promoted tags (/svc/promote, /svc/unpromote) on a post.
CREATE TABLE replies (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id    INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  blog_name  TEXT NOT NULL REFERENCES blogs(name) ON DELETE CASCADE,
  reply_text TEXT NOT NULL,
  source     TEXT NOT NULL DEFAULT '',
  created_ts INTEGER NOT NULL
);
CREATE TABLE promotions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id    INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  tag        TEXT NOT NULL,
  UNIQUE (post_id, tag)
);
